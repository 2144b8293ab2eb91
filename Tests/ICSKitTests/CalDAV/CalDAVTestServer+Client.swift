@testable import ICSKit
import TestSupport

extension CalDAVTestServer {
    /// The test user's credentials.
    static var credentials: HTTPCredentials { HTTPCredentials(user: user, password: password) }

    /// A client of this server (with the right password unless told otherwise).
    func client(password: String = CalDAVTestServer.password, batch: Int = 500) -> CalDAVClient {
        CalDAVClient(credentials: kind == .radicale ? HTTPCredentials(user: CalDAVTestServer.user, password: password) : nil,
                     options: FetchOptions(userAgent: "ICSKit tests", connectTimeout: 5, totalTimeout: 60), multigetBatchSize: batch)
    }
}
