import CoreMetrics

/// Page views by page, and changes made in the browser.
struct WebMetrics: Sendable {
    let factory: any MetricsFactory

    func pageViewed(_ page: String, status: Int) {
        Counter(
            label: "gifbot_web_page_views_total", dimensions: [("page", page), ("status", String(status))],
            factory: factory
        ).increment()
    }

    func favoriteRemoved() {
        Counter(label: "gifbot_web_favorite_removals_total", factory: factory).increment()
    }

    func picked() {
        Counter(label: "gifbot_web_picks_total", factory: factory).increment()
    }

    /// A widget's OpenID token exchanged (ok) or refused (refused, not_member).
    func widgetSession(_ outcome: String) {
        Counter(label: "gifbot_web_widget_sessions_total", dimensions: [("outcome", outcome)], factory: factory)
            .increment()
    }

    func login(_ outcome: String) {
        Counter(label: "gifbot_web_logins_total", dimensions: [("outcome", outcome)], factory: factory).increment()
    }
}
