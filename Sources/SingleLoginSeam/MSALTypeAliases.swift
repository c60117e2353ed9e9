/// `MSALDeviceInformation`: the kit's ``DeviceInformation``, by MSAL's name.
public typealias MSALDeviceInformation = DeviceInformation
/// `MSALDeviceMode`: the kit's ``DeviceMode``, by MSAL's name.
public typealias MSALDeviceMode = DeviceMode
/// `MSALPromptType`: the kit's ``PromptType``, by MSAL's name.
public typealias MSALPromptType = PromptType
