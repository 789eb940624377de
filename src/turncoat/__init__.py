"""turncoat: strategy board games of negotiation and betrayal, played faithfully."""

__version__ = "0.1.0"
