/// The device surfaces an app declares it has, or has not, in its handshake (protocol 1.6's
/// `surfaces`): `{"notification": true, "spotlight": false}`.
///
/// A surface the app declares it has not makes the requirements about it alone not applicable
/// (they are not run, and no report or badge counts them as passed); a surface it declares it has
/// but never reports in a whole run is named in the run's reports and fails a `doctor` check. A
/// surface left out is judged as before protocol 1.6.
public struct DeclaredSurfaces: Hashable, Sendable, Codable {
    /// Whether the app has each surface it declares: device surfaces only (`StoredItem.Area.isDeviceSurface`).
    public private(set) var declarations: [StoredItem.Area: Bool]

    /// Declares `has` as the surfaces the app has and `lacks` as those it has not; an area that is
    /// no device surface is left out, and one in both lists counts as had.
    public init(has: Set<StoredItem.Area> = [], lacks: Set<StoredItem.Area> = []) {
        var declarations: [StoredItem.Area: Bool] = [:]
        for area in lacks where area.isDeviceSurface { declarations[area] = false }
        for area in has where area.isDeviceSurface { declarations[area] = true }
        self.declarations = declarations
    }

    /// Declares every device surface: `has` are the app's, every other one it has not.
    public static func only(_ has: Set<StoredItem.Area>) -> DeclaredSurfaces {
        DeclaredSurfaces(has: has, lacks: Set(StoredItem.Area.deviceSurfaces))
    }

    /// Whether the app declares it has `area`: nil when it does not say.
    public func has(_ area: StoredItem.Area) -> Bool? { declarations[area] }

    /// The surfaces the app declares it has, in the areas' order.
    public var had: [StoredItem.Area] { StoredItem.Area.deviceSurfaces.filter { declarations[$0] == true } }

    /// The surfaces the app declares it has not, in the areas' order.
    public var lacked: [StoredItem.Area] { StoredItem.Area.deviceSurfaces.filter { declarations[$0] == false } }

    /// The surfaces the app does not declare either way, in the areas' order.
    public var undeclared: [StoredItem.Area] { StoredItem.Area.deviceSurfaces.filter { declarations[$0] == nil } }

    /// Reads `{"notification": true, ...}`: a key that is no device surface's area is an error naming them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AreaKey.self)
        var declarations: [StoredItem.Area: Bool] = [:]
        for key in container.allKeys {
            guard let area = StoredItem.Area(rawValue: key.stringValue), area.isDeviceSurface else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription:
                        "unknown surface '\(key.stringValue)'; the surfaces are \(StoredItem.Area.deviceSurfaces.map(\.rawValue).joined(separator: ", "))")
            }
            declarations[area] = try container.decode(Bool.self, forKey: key)
        }
        self.declarations = declarations
    }

    /// Writes `{"notification": true, ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AreaKey.self)
        for (area, has) in declarations { try container.encode(has, forKey: AreaKey(stringValue: area.rawValue)) }
    }

    private struct AreaKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension StoredItem.Area {
    /// The device surfaces, in the areas' order: `notification`, `spotlight`, `pasteboard`, `widget`, `activity`, `snapshot`.
    public static let deviceSurfaces = allCases.filter(\.isDeviceSurface)
}
