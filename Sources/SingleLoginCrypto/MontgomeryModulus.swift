/// Arithmetic modulo an odd number in Montgomery form, for RSA's modular exponentiation.
///
/// With R = 2^(64k) for a k-limb modulus m, a Montgomery product is a·b·R⁻¹ mod m, computed
/// limb by limb without any division (the CIOS method: multiplication and reduction
/// interleaved). Exponentiation uses a fixed 4-bit window over Montgomery products.
public struct MontgomeryModulus: Sendable {
    /// The modulus.
    public let modulus: BigUInt
    private let m: [UInt64]
    private let k: Int
    /// -m⁻¹ mod 2^64.
    private let inverse: UInt64
    /// R² mod m, to bring numbers into Montgomery form.
    private let rSquared: [UInt64]

    /// Prepares arithmetic modulo `modulus`, which must be odd and greater than 1.
    public init(_ modulus: BigUInt) {
        precondition(modulus.limbs.first.map { $0 & 1 == 1 } ?? false && modulus > BigUInt(1), "Montgomery arithmetic needs an odd modulus > 1")
        self.modulus = modulus
        m = modulus.limbs
        k = m.count
        // Newton's iteration doubles the correct low bits each round: 1 -> 64 bits in 6 rounds.
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- m[0] &* inverse) }
        self.inverse = 0 &- inverse
        // R² mod m by doubling 1 exactly 2·64·k times, subtracting m whenever the value reaches it.
        var value = [UInt64](repeating: 0, count: k)
        value[0] = 1
        let modulusLimbs = m
        for _ in 0..<(128 * k) {
            var carry: UInt64 = 0
            for index in 0..<k {
                let next = value[index] >> 63
                value[index] = value[index] << 1 | carry
                carry = next
            }
            if carry == 1 || BigUInt.compare(value[...], modulusLimbs[...]) >= 0 {
                Self.subtract(&value, modulusLimbs)
            }
        }
        rSquared = value
    }

    /// `base^exponent mod modulus`.
    public func power(_ base: BigUInt, _ exponent: BigUInt) -> BigUInt {
        let one = limbs(of: BigUInt(1))
        let b = multiply(reduce(base), rSquared)
        // table[i] = base^i in Montgomery form; table[0] = R mod m, the form of 1.
        var table = [multiply(one, rSquared)]
        for _ in 1..<16 { table.append(multiply(table[table.count - 1], b)) }
        var result = table[0]
        let windows = (exponent.bitWidth + 3) / 4
        for window in stride(from: windows - 1, through: 0, by: -1) {
            if window != windows - 1 {
                for _ in 0..<4 { result = multiply(result, result) }
            }
            var digit = 0
            for bit in 0..<4 where exponent.bit(4 * window + bit) { digit |= 1 << bit }
            if digit != 0 { result = multiply(result, table[digit]) }
        }
        return BigUInt(limbs: multiply(result, one))
    }

    /// `a · b mod modulus` for any `a` and `b` below modulus·R.
    public func multiplyModulo(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        let aMont = multiply(reduce(a), rSquared)
        return BigUInt(limbs: multiply(aMont, reduce(b)))
    }

    /// `x mod modulus` for any `x` below modulus·R (e.g. an RSA message modulo one of its primes).
    ///
    /// Every entry point here takes values below modulus·R: Montgomery reduction of larger values
    /// would need more than one final subtraction.
    public func remainder(_ x: BigUInt) -> BigUInt {
        BigUInt(limbs: reduce(x))
    }

    /// `x mod m` as k limbs: Montgomery reduction (x·R⁻¹), then one product with R² (·R²·R⁻¹).
    private func reduce(_ x: BigUInt) -> [UInt64] {
        precondition(x.limbs.count <= 2 * k, "MontgomeryModulus: value too large to reduce")
        var t = [UInt64](repeating: 0, count: 2 * k + 1)
        for (index, limb) in x.limbs.enumerated() { t[index] = limb }
        t.withUnsafeMutableBufferPointer { t in
            m.withUnsafeBufferPointer { m in
                for i in 0..<k {
                    let u = t[i] &* inverse
                    var carry: UInt64 = 0
                    for j in 0..<k {
                        (carry, t[i + j]) = Limb.multiplyAdd(u, m[j], t[i + j], carry)
                    }
                    var index = i + k
                    while carry != 0, index < t.count {
                        let (sum, overflow) = t[index].addingReportingOverflow(carry)
                        t[index] = sum
                        carry = overflow ? 1 : 0
                        index += 1
                    }
                }
            }
        }
        var reduced = Array(t[k..<(2 * k)])
        if t[2 * k] != 0 || BigUInt.compare(reduced[...], m[...]) >= 0 { Self.subtract(&reduced, m) }
        return multiply(reduced, rSquared)
    }

    /// The value's limbs padded to k.
    private func limbs(of value: BigUInt) -> [UInt64] {
        var limbs = value.limbs
        limbs.append(contentsOf: repeatElement(0, count: max(0, k - limbs.count)))
        return limbs
    }

    /// The Montgomery product a·b·R⁻¹ mod m of two k-limb numbers below m (CIOS).
    func multiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var t = [UInt64](repeating: 0, count: k + 2)
        let k = self.k, inverse = self.inverse
        t.withUnsafeMutableBufferPointer { t in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    m.withUnsafeBufferPointer { m in
                        for i in 0..<k {
                            var carry: UInt64 = 0
                            let bi = b[i]
                            for j in 0..<k {
                                (carry, t[j]) = Limb.multiplyAdd(a[j], bi, t[j], carry)
                            }
                            let (sum, overflow) = t[k].addingReportingOverflow(carry)
                            t[k] = sum
                            t[k + 1] = overflow ? 1 : 0
                            let u = t[0] &* inverse
                            (carry, _) = Limb.multiplyAdd(u, m[0], t[0], 0)
                            for j in 1..<k {
                                (carry, t[j - 1]) = Limb.multiplyAdd(u, m[j], t[j], carry)
                            }
                            let (sum2, overflow2) = t[k].addingReportingOverflow(carry)
                            t[k - 1] = sum2
                            t[k] = t[k + 1] &+ (overflow2 ? 1 : 0)
                        }
                    }
                }
            }
        }
        var result = Array(t[0..<k])
        if t[k] != 0 || BigUInt.compare(result[...], m[...]) >= 0 { Self.subtract(&result, m) }
        return result
    }

    /// `value -= subtrahend` modulo 2^(64·count), in place.
    private static func subtract(_ value: inout [UInt64], _ subtrahend: [UInt64]) {
        var borrow: UInt64 = 0
        for index in 0..<value.count {
            let (partial, overflow1) = value[index].subtractingReportingOverflow(index < subtrahend.count ? subtrahend[index] : 0)
            let (difference, overflow2) = partial.subtractingReportingOverflow(borrow)
            value[index] = difference
            borrow = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
    }
}
