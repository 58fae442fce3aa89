"""The source a connection counts for: its address's network block, after OpenSSH's PerSourceNetBlockSize.

Every limit the server holds per address (connections, sessions, penalties, guesses, and the lobby's tables and
chat) counts per source: by default one IPv4 address (/32) or one IPv6 address (/128), as OpenSSH does. An
attacker who holds a whole block (an IPv6 /64 is what one customer usually gets) has a source per address at
the defaults; a smaller prefix, such as ``--per-source-net-block-size 24:64``, counts the block as one.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from boardgames.serve.speech import _


@dataclass(frozen=True)
class NetBlocks:
    """The prefix lengths sources are counted at: ``ipv4`` bits of an IPv4 address, ``ipv6`` of an IPv6 one."""

    ipv4: int = 32
    ipv6: int = 128

    def source(self, address: str) -> str:
        """The source ``address`` counts for: the address itself at the full length, else its block
        (``203.0.113.0/24``); an IPv4 address mapped into IPv6 counts as IPv4, and text that is no address as
        itself."""
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return address
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        bits = self.ipv4 if ip.version == 4 else self.ipv6
        if bits >= ip.max_prefixlen:
            return str(ip)
        return str(ipaddress.ip_network(f"{ip}/{bits}", strict=False))


def parse_net_blocks(text: str) -> NetBlocks:
    """``IPV4[:IPV6]`` as OpenSSH writes it (``32:128``; the IPv6 length keeps its default when left out);
    ValueError with a sentence."""
    parts = text.strip().split(":")
    try:
        numbers = [int(part) for part in parts]
    except ValueError:
        numbers = []
    if len(numbers) == 1:
        numbers.append(NetBlocks().ipv6)
    if len(numbers) != 2 or not (0 <= numbers[0] <= 32 and 0 <= numbers[1] <= 128):
        raise ValueError(_("--per-source-net-block-size is IPV4[:IPV6] (for example 32:128, the default): the "
                           "prefix lengths, in bits, of the network block that counts as one source, from 0 to 32 "
                           "for IPv4 and from 0 to 128 for IPv6."))
    return NetBlocks(numbers[0], numbers[1])
