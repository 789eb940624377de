"""Rules engines, one package per game; the registry id is the folder name."""
