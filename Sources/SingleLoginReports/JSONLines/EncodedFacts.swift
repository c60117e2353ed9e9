import SingleLoginEvents

/// What the harness's broker knew at an observation, on the wire: `BrokerFacts` itself, whose
/// members are the `facts` of an `observed` event.
public typealias EncodedFacts = BrokerFacts
