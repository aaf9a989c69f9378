"""The engine core: protocol, chance, registry, saves, sessions, replay. No pygame here."""
