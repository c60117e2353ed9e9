#if canImport(UIKit)
import SingleLoginSeam
import UIKit

/// The one screen: who is signed in on the shared device, and Sign in / Sign out.
///
/// At launch it asks the device's mode (`getDeviceInformation`), then who is signed in
/// (`getCurrentAccount`, never the app's own cache: on a shared device another app may have signed
/// someone else in or out). ``SeamSceneDelegate`` has it ask again whenever the scene comes to the
/// foreground.
@MainActor final class SessionViewController: UIViewController {
    private let application: any MSALPublicClientApplicationProtocol
    private let scopes = ["User.Read"]
    private var account: MSALAccount?

    private let statusLabel = UILabel()
    private let signInButton = UIButton(type: .system)
    private let signOutButton = UIButton(type: .system)

    init(application: any MSALPublicClientApplicationProtocol) {
        self.application = application
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("SessionViewController is made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        statusLabel.numberOfLines = 0
        statusLabel.textAlignment = .center
        signInButton.setTitle("Sign in", for: .normal)
        signInButton.addAction(UIAction { [weak self] _ in self?.signIn() }, for: .touchUpInside)
        signOutButton.setTitle("Sign out", for: .normal)
        signOutButton.addAction(UIAction { [weak self] _ in self?.signOut() }, for: .touchUpInside)
        let stack = UIStackView(arrangedSubviews: [statusLabel, signInButton, signOutButton])
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 24),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -24),
        ])
        show(account: nil, note: "Checking the device...")
    }

    /// The device's mode, then the account signed in on it: at launch and at every return to the foreground.
    func refresh() {
        Task {
            do {
                let device = try await application.getDeviceInformation(with: nil)
                let (current, _) = try await application.getCurrentAccount(with: nil)
                let mode = device.deviceMode == .shared ? "Shared device" : "Personal device"
                show(account: current, note: current == nil ? "\(mode): nobody is signed in." : mode)
            } catch {
                show(account: account, note: "MSAL failed: \(error)")
            }
        }
    }

    /// Microsoft's sign-in sheet, presented from this view controller.
    private func signIn() {
        Task {
            do {
                let webview = MSALWebviewParameters(authPresentationViewController: self)
                let parameters = MSALInteractiveTokenParameters(scopes: scopes, webviewParameters: webview)
                let result = try await application.acquireToken(with: parameters)
                show(account: result.account, note: "Signed in.")
            } catch let error as MSALError where error.isUserCanceled {
                show(account: account, note: "Sign-in canceled.")
            } catch {
                show(account: account, note: "Sign-in failed: \(error)")
            }
        }
    }

    /// Signs the account out of the app and, in shared device mode, out of the whole device.
    private func signOut() {
        guard let account else { return }
        Task {
            do {
                let parameters = MSALSignoutParameters(webviewParameters: MSALWebviewParameters(authPresentationViewController: self))
                _ = try await application.signout(with: account, signoutParameters: parameters)
                show(account: nil, note: "Signed out.")
            } catch {
                show(account: account, note: "Sign-out failed: \(error)")
            }
        }
    }

    private func show(account: MSALAccount?, note: String) {
        self.account = account
        let name = account.map { $0.username ?? $0.identifier ?? "an account" }
        statusLabel.text = [name.map { "Signed in: \($0)" }, note].compactMap { $0 }.joined(separator: "\n")
        signInButton.isEnabled = account == nil
        signOutButton.isEnabled = account != nil
    }
}
#endif
