package branding

import "net/netip"

// nonPublicPrefixes are the ranges a logo fetch may never connect to: loopback, private, shared
// (CGNAT), link-local (incl. cloud metadata at 169.254.169.254), documentation, benchmarking,
// reserved, multicast and the IPv6 ranges that embed or translate to IPv4.
var nonPublicPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network", incl. 0.0.0.0
	netip.MustParsePrefix("10.0.0.0/8"),      // private
	netip.MustParsePrefix("100.64.0.0/10"),   // shared address space (CGNAT)
	netip.MustParsePrefix("127.0.0.0/8"),     // loopback
	netip.MustParsePrefix("169.254.0.0/16"),  // link-local, cloud metadata
	netip.MustParsePrefix("172.16.0.0/12"),   // private
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // TEST-NET-1
	netip.MustParsePrefix("192.88.99.0/24"),  // 6to4 relay anycast
	netip.MustParsePrefix("192.168.0.0/16"),  // private
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // TEST-NET-2
	netip.MustParsePrefix("203.0.113.0/24"),  // TEST-NET-3
	netip.MustParsePrefix("224.0.0.0/4"),     // multicast
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, incl. 255.255.255.255
	netip.MustParsePrefix("2001::/32"),       // Teredo (tunnels to arbitrary IPv4)
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("2001:10::/28"),    // ORCHID
	netip.MustParsePrefix("2001:20::/28"),    // ORCHIDv2
}

// sixToFour is 2002::/16, whose addresses embed an IPv4 address in bits 16-47.
var sixToFour = netip.MustParsePrefix("2002::/16")

// globalUnicast6 is 2000::/3, the only IPv6 space a fetch may reach. Everything outside it
// (::1, ::, fc00::/7, fe80::/10, fec0::/10, ff00::/8, 64:ff9b::/96 NAT64, ::/96 IPv4-compatible,
// 100::/64 discard) is refused.
var globalUnicast6 = netip.MustParsePrefix("2000::/3")

// isPublicAddr reports whether a is a public unicast address a logo fetch may connect to.
// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are judged by their IPv4 address.
func isPublicAddr(a netip.Addr) bool {
	if !a.IsValid() {
		return false
	}
	a = a.Unmap()
	if a.Zone() != "" {
		return false
	}
	if a.IsUnspecified() || a.IsLoopback() || a.IsPrivate() || a.IsMulticast() ||
		a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() || a.IsInterfaceLocalMulticast() {
		return false
	}
	if a.Is6() {
		if !globalUnicast6.Contains(a) {
			return false
		}
		if sixToFour.Contains(a) {
			b := a.As16()
			return isPublicAddr(netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}))
		}
	}
	for _, p := range nonPublicPrefixes {
		if p.Contains(a) {
			return false
		}
	}
	return true
}
