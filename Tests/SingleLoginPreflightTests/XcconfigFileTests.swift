@testable import SingleLoginPreflight
import Testing

@Suite("Reading .xcconfig files as Xcode does")
struct XcconfigFileTests {
    static let files: [String: String] = [
        "/p/App.xcconfig": """
        #include "Base.xcconfig"
        #include? "Missing.xcconfig"
        // A comment line.
        PRODUCT_BUNDLE_IDENTIFIER = $(BUNDLE_PREFIX).app // trailing comment
        PRODUCT_BUNDLE_IDENTIFIER[sdk=macosx*] = com.contoso.mac
        OTHER_FLAGS = $(inherited) -DAPP;
        """,
        "/p/Base.xcconfig": "BUNDLE_PREFIX = com.contoso\nPRODUCT_BUNDLE_IDENTIFIER = overridden\n#include \"App.xcconfig\"\n",
    ]

    @Test("includes come first and later lines win; comments and conditional settings are left out; cycles end")
    func readsIncludes() throws {
        let settings = try #require(XcconfigFile.settings(at: "/p/App.xcconfig") { Self.files[$0] })
        #expect(settings["BUNDLE_PREFIX"] == "com.contoso")
        #expect(settings["PRODUCT_BUNDLE_IDENTIFIER"] == "$(BUNDLE_PREFIX).app")
        #expect(settings["OTHER_FLAGS"] == "$(inherited) -DAPP")
        #expect(settings.keys.allSatisfy { !$0.contains("[") })
    }

    @Test("a file that cannot be read gives nil")
    func missingFile() {
        #expect(XcconfigFile.settings(at: "/p/None.xcconfig") { Self.files[$0] } == nil)
    }

    @Test("layers: upper values win and $(inherited) takes the lower value")
    func layering() {
        let merged = XcconfigFile.layer(["OTHER_FLAGS": "$(inherited) -DAPP", "A": "1"], over: ["OTHER_FLAGS": "-DBASE", "B": "2"])
        #expect(merged == ["OTHER_FLAGS": "-DBASE -DAPP", "A": "1", "B": "2"])
    }
}
