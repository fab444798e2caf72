import MatrixState

// The SQL store keeps the Matrix adapter's state in production; its methods have the shapes of
// the adapter's own interface.
extension BotStore: MatrixStateStore {}
