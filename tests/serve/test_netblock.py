"""The source a connection counts for (serve/netblock.py), as OpenSSH's PerSourceNetBlockSize counts it."""

from __future__ import annotations

import pytest

from boardgames.serve.netblock import NetBlocks, parse_net_blocks


@pytest.mark.parametrize(("blocks", "address", "source"), [
    (NetBlocks(), "203.0.113.7", "203.0.113.7"),  # the default: each address on its own
    (NetBlocks(), "2001:db8::1", "2001:db8::1"),
    (NetBlocks(24, 64), "203.0.113.7", "203.0.113.0/24"),
    (NetBlocks(24, 64), "2001:db8:0:0:9:8:7:6", "2001:db8::/64"),
    (NetBlocks(24, 64), "::ffff:203.0.113.7", "203.0.113.0/24"),  # IPv4 mapped into IPv6 counts as IPv4
    (NetBlocks(16, 128), "fe80::1%eth0", "fe80::1"),
    (NetBlocks(0, 0), "198.51.100.1", "0.0.0.0/0"),
    (NetBlocks(24, 64), "?", "?"),  # no address (a socket whose peer is gone): itself
])
def test_an_address_counts_for_its_block(blocks, address, source):
    assert blocks.source(address) == source


def test_two_addresses_of_one_block_are_one_source_and_another_block_is_not():
    blocks = NetBlocks(24, 64)
    assert blocks.source("127.0.5.1") == blocks.source("127.0.5.200") != blocks.source("127.0.6.1")


@pytest.mark.parametrize(("text", "expected"), [
    ("32:128", NetBlocks()), ("24:64", NetBlocks(24, 64)), ("24", NetBlocks(24, 128)), (" 0:0 ", NetBlocks(0, 0)),
])
def test_the_option_is_read_as_openssh_writes_it(text, expected):
    assert parse_net_blocks(text) == expected


@pytest.mark.parametrize("text", ["", "33", "24:129", "-1:64", "24:64:8", "a:b", "24.5"])
def test_a_wrong_block_size_is_refused_with_a_sentence(text):
    with pytest.raises(ValueError, match="--per-source-net-block-size is IPV4"):
        parse_net_blocks(text)
