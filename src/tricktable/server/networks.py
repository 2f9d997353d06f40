"""Which network a client address counts for (docs/operations.md, "Limits per network").

Every per-address limit (the request rate, live tables per client, chat rates of spectators, login and
sign-up throttles, guest identities) counts a **network**, not an exact address: an IPv4 address is its own
network, but an IPv6 address is grouped with the rest of its ``/64`` (``--ipv6-prefix``), because one home
or one cloud machine is given a whole /64 and can pick a new address in it at every request. An IPv4
address written as IPv6 (``::ffff:198.51.100.7``) counts as the IPv4 address. Anything that is not an
address (a test client's name, "unknown") is its own key.

>>> network_of("2001:db8:1:2:aaaa::1"), network_of("2001:db8:1:2:bbbb::9")
('2001:db8:1:2::/64', '2001:db8:1:2::/64')
>>> network_of("198.51.100.7"), network_of("::ffff:198.51.100.7"), network_of("testclient")
('198.51.100.7', '198.51.100.7', 'testclient')
"""

from __future__ import annotations

import ipaddress

IPV6_PREFIX = 64  # bits of an IPv6 address that name its network (the usual end-site assignment)


def network_of(address: str | None, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The network ``address`` counts for: IPv4 as is, IPv6 as its ``/ipv6_prefix`` network."""
    if not address:
        return "unknown"
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        prefix = max(0, min(128, ipv6_prefix))
        return str(ipaddress.IPv6Network((ip, prefix), strict=False))
    return str(ip)
