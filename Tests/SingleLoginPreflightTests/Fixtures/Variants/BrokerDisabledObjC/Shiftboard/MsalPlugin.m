#import <MSAL/MSAL.h>

@implementation MsalPlugin

- (void)msalInit:(NSDictionary *)options
{
    if (![options[@"brokerRedirectUri"] boolValue]) {
        MSALGlobalConfig.brokerAvailability = MSALBrokeredAvailabilityNone;
    }
}

@end
