"""``python -m bbcore`` runs the command line."""

from bbcore.cli import main

raise SystemExit(main())
