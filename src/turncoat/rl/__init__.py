"""Learning environments: a PettingZoo AEC adapter (with action masks) for every game that
supplies an ``rl_encoding()`` hook.  ``from turncoat.rl.pettingzoo_env import env``."""
