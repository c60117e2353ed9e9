import Foundation
@testable import SingleLoginPreflight
import Testing

@Suite("Project file readers")
struct ReaderTests {
    @Test(
        "Package.resolved formats v1, v2 and v3 yield the MSAL pin",
        arguments: [
            (
                #"{"object":{"pins":[{"package":"MSAL","repositoryURL":"https://github.com/AzureAD/microsoft-authentication-library-for-objc.git","state":{"branch":null,"revision":"abc","version":"1.2.3"}}]},"version":1}"#,
                1, "1.2.3"
            ),
            (
                #"{"pins":[{"identity":"microsoft-authentication-library-for-objc","kind":"remoteSourceControl","location":"https://github.com/AzureAD/microsoft-authentication-library-for-objc","state":{"revision":"abc","version":"1.4.0"}}],"version":2}"#,
                2, "1.4.0"
            ),
            (
                #"{"originHash":"x","pins":[{"identity":"microsoft-authentication-library-for-objc","kind":"remoteSourceControl","location":"https://github.com/AzureAD/microsoft-authentication-library-for-objc.git","state":{"revision":"abc","version":"1.6.1"}}],"version":3}"#,
                3, "1.6.1"
            ),
        ])
    func packageResolvedFormats(json: String, format: Int, version: String) throws {
        let file = try PackageResolved.parse(Data(json.utf8), path: "Package.resolved").get()
        #expect(file.formatVersion == format)
        let pin = try #require(file.pins.first { $0.matches("microsoft-authentication-library-for-objc") })
        #expect(pin.version == version)
    }

    @Test(
        "a Package.resolved that is not JSON or lacks pins is malformed, with the reason",
        arguments: [
            ("{\"pins\": [", "not JSON"),
            ("{\"version\": 1, \"pins\": []}", "format v1 without \"object.pins\""),
            ("[]", "the top-level value is not an object"),
        ])
    func packageResolvedMalformed(text: String, reason: String) {
        guard case let .failure(.malformed(path, message)) = PackageResolved.parse(Data(text.utf8), path: "x/Package.resolved") else {
            Issue.record("expected a malformed-file problem")
            return
        }
        #expect(path == "x/Package.resolved")
        #expect(message.contains(reason))
    }

    @Test("a branch pin has no version but keeps the branch")
    func branchPin() throws {
        let json =
            #"{"pins":[{"identity":"microsoft-authentication-library-for-objc","location":"https://example/x","state":{"branch":"dev","revision":"abc"}}],"version":2}"#
        let pin = try #require(try PackageResolved.parse(Data(json.utf8), path: "P").get().pins.first)
        #expect(pin.version == nil)
        #expect(pin.revisionOrBranch == "dev")
    }

    @Test("Podfile.lock reads top-level pods and subspecs, not nested constraints")
    func podfileLock() throws {
        let text = """
            PODS:
              - MSAL (1.2.14):
                - MSAL/app-lib (= 1.2.14)
              - MSAL/app-lib (1.2.14)
              - "Firebase/Core (10.1.0)":
                - FirebaseCore (= 10.1.0)

            DEPENDENCIES:
              - MSAL (~> 1.2)
            """
        let lock = try PodfileLock.parse(text, path: "Podfile.lock").get()
        #expect(lock.pods.map(\.name) == ["MSAL", "MSAL/app-lib", "Firebase/Core"])
        #expect(lock.pods(named: "msal").map(\.version) == ["1.2.14", "1.2.14"])
        #expect(lock.pods(named: "Firebase").first?.version == "10.1.0")
    }

    @Test("a Podfile.lock without PODS: is malformed")
    func podfileLockWithoutPods() {
        #expect(throws: FileProblem.self) { try PodfileLock.parse("DEPENDENCIES:\n  - MSAL\n", path: "Podfile.lock").get() }
    }

    @Test(
        "versions compare numerically, with pre-releases before releases",
        arguments: [
            ("1.0.9", "1.1.0", true), ("1.1", "1.1.0", false), ("1.10.0", "1.9.9", false),
            ("1.1.0-beta.1", "1.1.0", true), ("v1.2.14", "1.2.2", false), ("0.9", "1.0", true),
        ])
    func versionOrder(lhs: String, rhs: String, less: Bool) throws {
        let left = try #require(SemanticVersion(lhs)), right = try #require(SemanticVersion(rhs))
        #expect((left < right) == less)
    }

    @Test(
        "build settings expand like Xcode: both brackets, nesting, modifiers, unknown names kept",
        arguments: [
            ("msauth.$(PRODUCT_BUNDLE_IDENTIFIER)", "msauth.com.Contoso.Shift-board"),
            ("msauth.${PRODUCT_BUNDLE_IDENTIFIER}", "msauth.com.Contoso.Shift-board"),
            ("msauth.$(PRODUCT_BUNDLE_IDENTIFIER:lower)", "msauth.com.contoso.shift-board"),
            ("$(PRODUCT_NAME:c99extidentifier)", "Shift_board"),
            ("$(PRODUCT_NAME:rfc1034identifier)", "Shift-board"),
            ("$(BASE).$(SUFFIX)", "com.Contoso.Shift-board"),
            ("$(MISSING:default=x)", "x"),
            ("$(MISSING)", "$(MISSING)"),
            ("$PRODUCT_NAME", "Shift board"),
        ])
    func expansion(template: String, expected: String) {
        let expander = BuildSettingExpander(settings: [
            "PRODUCT_BUNDLE_IDENTIFIER": "$(BASE).$(SUFFIX)", "BASE": "com.Contoso", "SUFFIX": "Shift-board", "PRODUCT_NAME": "Shift board",
        ])
        #expect(expander.expand(template).value == expected)
        #expect(expander.expand("$(MISSING)").unresolved == ["MISSING"])
    }

    @Test("project.pbxproj: the application target's Release settings win over the test target and Debug")
    func pbxprojSelection() throws {
        let path = FixtureProject.fixturesDirectory.appendingPathComponent("Conformant/Shiftboard.xcodeproj/project.pbxproj").path
        let project = try XcodeProject.read(at: path).get()
        #expect(project.targetName == "Shiftboard")
        #expect(project.configurationName == "Release")
        #expect(project.buildSettings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.contoso.shiftboard")
        #expect(project.buildSettings["SDKROOT"] == "iphoneos", "project-level settings are inherited")
        #expect(project.platform == "iOS")
        let debug = try XcodeProject.read(at: path, configuration: "Debug").get()
        #expect(debug.buildSettings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.contoso.shiftboard.dev")
    }

    @Test("--target picks a target by name, and a name the project lacks is a problem naming the targets")
    func pbxprojNamedTarget() throws {
        let path = FixtureProject.fixturesDirectory.appendingPathComponent("Conformant/Shiftboard.xcodeproj/project.pbxproj").path
        let tests = try XcodeProject.read(at: path, target: "ShiftboardTests").get()
        #expect(tests.targetName == "ShiftboardTests")
        #expect(tests.buildSettings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.contoso.shiftboardTests")
        #expect(tests.selection.hasPrefix("target \"ShiftboardTests\""))
        let missing = XcodeProject.read(at: path, target: "Shiftbord")
        guard case .failure(let problem) = missing else { Issue.record("expected a failure"); return }
        #expect(
            problem.description.hasSuffix("no target named \"Shiftbord\"; targets: ShiftboardTests, Shiftboard")
                || problem.description.hasSuffix("no target named \"Shiftbord\"; targets: Shiftboard, ShiftboardTests"))
        #expect(try XcodeProject.read(at: path).get().allTargetNames.sorted() == ["Shiftboard", "ShiftboardTests"])
    }

    @Test("a project.pbxproj that does not parse falls back to its PRODUCT_BUNDLE_IDENTIFIER lines, and says so")
    func pbxprojFallback() throws {
        let text = "// !$*UTF8*$!\n{ objects = { A = { buildSettings = {\n PRODUCT_BUNDLE_IDENTIFIER = \"com.contoso.app\";\n SDKROOT = iphoneos;\n"
        let project = try XcodeProject.parse(text, path: "p.pbxproj").get()
        #expect(project.buildSettings["PRODUCT_BUNDLE_IDENTIFIER"] == "com.contoso.app")
        #expect(project.selection.contains("line scan"))
        #expect(throws: FileProblem.self) { try XcodeProject.parse("{ garbage", path: "p.pbxproj").get() }
    }

    @Test("old-style plists: quoted strings with escapes, comments, arrays with trailing commas")
    func oldStyleParser() throws {
        let value = try OldStylePlistParser.parse(#"{ /* c */ a = "x \"y\""; // line\#n b = (1, "two", ); c = $(SRCROOT)/App; }"#)
        #expect(value["a"]?.stringValue == #"x "y""#)
        #expect(value["b"]?.strings == ["1", "two"])
        #expect(value["c"]?.stringValue == "$(SRCROOT)/App")
    }

    @Test(
        "property lists: XML parses, garbage and non-dictionaries are malformed with a reason",
        arguments: [
            ("<plist><dict><key>a</key>", false), ("<plist><array/></plist>", false), ("", false),
            ("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>", true),
        ])
    func propertyLists(text: String, valid: Bool) {
        let result = PropertyListFile.parse(Data(text.utf8), path: "Info.plist")
        switch result {
        case let .success(file): #expect(valid && file.root["a"]?.stringValue == "b")
        case let .failure(problem):
            #expect(!valid)
            #expect(problem.description.hasPrefix("Info.plist is malformed: "))
        }
    }

    @Test(
        "keychain groups match with the prefix as written or resolved to a team ID, never without it",
        arguments: [
            ("$(AppIdentifierPrefix)com.microsoft.adalcache", true), ("${AppIdentifierPrefix}com.microsoft.adalcache", true),
            ("A1B2C3D4E5.com.microsoft.adalcache", true), ("com.microsoft.adalcache", false), ("$(TeamIdentifierPrefix)com.microsoft.adalcache", false),
        ])
    func keychainGroups(group: String, matches: Bool) {
        #expect(RuleEvaluator.groupMatches(group, wanted: "$(AppIdentifierPrefix)com.microsoft.adalcache") == matches)
    }

    @Test(
        "source search ignores comments but not string-free code",
        arguments: [
            ("MSALPublicClientApplication.handleMSALResponse(url, sourceApplication: nil)", 1),
            ("// MSALPublicClientApplication.handleMSALResponse(url)", nil),
            ("/* a\n handleMSALResponse */ let x = \"//\"\n[MSALPublicClientApplication handleMSALResponse:url sourceApplication:nil];", 3),
        ] as [(String, Int?)])
    func sourceSearch(text: String, line: Int?) throws {
        let regex = try NSRegularExpression(pattern: #"\bhandleMSALResponse\b"#)
        #expect(SourceText.firstMatch(of: regex, in: text) == line)
    }
}
