"""Game-independent machinery: the engine contract, records, data tables, bots."""
