"""The data pipeline: YAML with positions, JSON Schema, cattrs structuring."""
