// A stub of the part of Security's Swift interface that SandboxObserver's keychain reader uses,
// so that CI can type-check it on Linux (.ci/checks/apple-observer.sh). Names, parameter labels
// and optionality follow the iOS SDK; CF types are Swift types here (Linux has no CF bridging).
import Foundation

public typealias CFString = String
public typealias CFTypeRef = AnyObject
public typealias CFDictionary = [String: Any]
public typealias OSStatus = Int32

public let errSecSuccess: OSStatus = 0
public let errSecItemNotFound: OSStatus = -25300

public let kSecClass: CFString = "class"
public let kSecClassGenericPassword: CFString = "genp"
public let kSecClassInternetPassword: CFString = "inet"
public let kSecMatchLimit: CFString = "m_Limit"
public let kSecMatchLimitAll: CFString = "m_LimitAll"
public let kSecReturnAttributes: CFString = "r_Attributes"
public let kSecReturnData: CFString = "r_Data"
public let kSecAttrAccessGroup: CFString = "agrp"
public let kSecAttrService: CFString = "svce"
public let kSecAttrServer: CFString = "srvr"
public let kSecAttrAccount: CFString = "acct"
public let kSecAttrLabel: CFString = "labl"
public let kSecValueData: CFString = "v_Data"
public let kSecUseDataProtectionKeychain: CFString = "nleg"

public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { errSecItemNotFound }
