extension Duration {
    /// The duration in seconds, for figures and rates.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
