/// An unsigned integer of any size, as 64-bit limbs (least significant first), for RSA.
///
/// Only what RSA signing and verification need: conversion from and to big-endian bytes and
/// hex, comparison, addition, subtraction and schoolbook multiplication. Modular arithmetic
/// lives in ``MontgomeryModulus``. Nothing here is constant-time: these keys sign test tokens.
public struct BigUInt: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The limbs, least significant first, without high zero limbs (zero has none).
    public private(set) var limbs: [UInt64]

    /// Zero.
    public static let zero = BigUInt(limbs: [])

    /// The integer whose limbs (least significant first) are `limbs`.
    public init(limbs: [UInt64]) {
        self.limbs = limbs
        normalize()
    }

    /// A small integer.
    public init(_ value: UInt64) {
        self.init(limbs: [value])
    }

    /// The integer whose big-endian bytes are `bytes` (leading zeros allowed).
    public init(bigEndian bytes: some Collection<UInt8>) {
        let array = Array(bytes)
        var limbs = [UInt64](repeating: 0, count: (array.count + 7) / 8)
        for (index, byte) in array.reversed().enumerated() {
            limbs[index / 8] |= UInt64(byte) << UInt64(8 * (index % 8))
        }
        self.init(limbs: limbs)
    }

    /// The integer written in hexadecimal (no prefix); nil for other characters or an empty text.
    public init?(hex: String) {
        var limbs: [UInt64] = []
        var digits = Array(hex.utf8)
        guard !digits.isEmpty else { return nil }
        while !digits.isEmpty {
            let chunk = digits.suffix(16)
            digits.removeLast(chunk.count)
            guard let limb = UInt64(String(decoding: chunk, as: UTF8.self), radix: 16) else { return nil }
            limbs.append(limb)
        }
        self.init(limbs: limbs)
    }

    private mutating func normalize() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }

    /// Whether it is zero.
    public var isZero: Bool { limbs.isEmpty }

    /// The number of significant bits (0 for zero).
    public var bitWidth: Int {
        guard let last = limbs.last else { return 0 }
        return 64 * limbs.count - last.leadingZeroBitCount
    }

    /// The bit at `index` (0 is the least significant).
    public func bit(_ index: Int) -> Bool {
        let limb = index / 64
        return limb < limbs.count && (limbs[limb] >> UInt64(index % 64)) & 1 == 1
    }

    /// Big-endian bytes, left-padded with zeros to `count` (the value must fit).
    public func bigEndianBytes(count: Int) -> [UInt8] {
        precondition(bitWidth <= 8 * count, "BigUInt: value does not fit in \(count) bytes")
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<count {
            let limb = index / 8
            guard limb < limbs.count else { break }
            bytes[count - 1 - index] = UInt8(truncatingIfNeeded: limbs[limb] >> UInt64(8 * (index % 8)))
        }
        return bytes
    }

    /// The shortest big-endian bytes (one zero byte for zero).
    public var minimalBigEndianBytes: [UInt8] {
        bigEndianBytes(count: max(1, (bitWidth + 7) / 8))
    }

    /// Lowercase hexadecimal without leading zeros (`0` for zero).
    public var description: String {
        guard let last = limbs.last else { return "0" }
        var text = String(last, radix: 16)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb, radix: 16)
            text += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return text
    }

    /// Orders by value.
    public static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        compare(lhs.limbs[...], rhs.limbs[...]) < 0
    }

    /// -1, 0 or 1 as `a` is less than, equal to or greater than `b` (both may have high zero limbs).
    static func compare(_ a: ArraySlice<UInt64>, _ b: ArraySlice<UInt64>) -> Int {
        let count = max(a.count, b.count)
        for index in stride(from: count - 1, through: 0, by: -1) {
            let x = index < a.count ? a[a.startIndex + index] : 0
            let y = index < b.count ? b[b.startIndex + index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// The sum.
    public static func + (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        let count = max(lhs.limbs.count, rhs.limbs.count)
        var result = [UInt64](repeating: 0, count: count + 1)
        var carry: UInt64 = 0
        for index in 0..<count {
            let (partial, overflow1) = (index < lhs.limbs.count ? lhs.limbs[index] : 0).addingReportingOverflow(index < rhs.limbs.count ? rhs.limbs[index] : 0)
            let (sum, overflow2) = partial.addingReportingOverflow(carry)
            result[index] = sum
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        result[count] = carry
        return BigUInt(limbs: result)
    }

    /// The difference; `lhs` must not be less than `rhs`.
    public static func - (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        precondition(lhs >= rhs, "BigUInt: negative difference")
        var result = lhs.limbs
        var borrow: UInt64 = 0
        for index in 0..<result.count {
            let (partial, overflow1) = result[index].subtractingReportingOverflow(index < rhs.limbs.count ? rhs.limbs[index] : 0)
            let (difference, overflow2) = partial.subtractingReportingOverflow(borrow)
            result[index] = difference
            borrow = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        return BigUInt(limbs: result)
    }

    /// The product (schoolbook; RSA needs it once per signature).
    public static func * (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        guard !lhs.isZero, !rhs.isZero else { return .zero }
        var result = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
        for (i, a) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, b) in rhs.limbs.enumerated() {
                (carry, result[i + j]) = Limb.multiplyAdd(a, b, result[i + j], carry)
            }
            result[i + rhs.limbs.count] = carry
        }
        return BigUInt(limbs: result)
    }
}
