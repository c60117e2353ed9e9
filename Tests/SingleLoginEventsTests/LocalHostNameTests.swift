import SingleLoginEvents
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The host name reports carry")
struct LocalHostNameTests {
    @Test("is the kernel's node name, asked without DNS")
    func kernelsName() {
        var system = utsname()
        uname(&system)
        let nodeName = withUnsafeBytes(of: &system.nodename) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        #expect(!RunContext.localHostName.isEmpty)
        #expect(RunContext.localHostName == (nodeName.isEmpty ? "localhost" : nodeName))
    }
}
