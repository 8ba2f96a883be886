"""Turn models into the JSON shapes of the CLI contract and into text for people."""
