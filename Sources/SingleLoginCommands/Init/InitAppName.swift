/// The app's name as `init` writes it everywhere: a Swift type and module name, and the names
/// derived from it (the adapter type, its executable, a placeholder bundle identifier).
struct InitAppName: Sendable, Equatable {
    /// The name, a Swift identifier: `ShiftBoard`.
    var name: String

    /// `name` when it can name a Swift module and type (a letter, then letters, digits and
    /// underscores, ASCII only, since it is also a file and JSON name), else nil.
    init?(_ name: String) {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") })
        else { return nil }
        self.name = name
    }

    /// A name made from a directory's name: each run of letters and digits with its first letter
    /// in capitals (`shift-board` is `ShiftBoard`); nil when nothing usable is left.
    init?(directoryName: String) {
        let words = directoryName.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        self.init(words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
    }

    /// The adapter executable's and the adapter's own name: `shiftboard-adapter`.
    var adapterName: String { name.lowercased().replacingOccurrences(of: "_", with: "-") + "-adapter" }
    /// The executable target's name, the adapter's name.
    var executableName: String { adapterName }
    /// A placeholder bundle identifier, marked for the vendor to replace: `com.example.shiftboard`.
    var bundleId: String { "com.example." + name.lowercased().replacingOccurrences(of: "_", with: "-") }
}
