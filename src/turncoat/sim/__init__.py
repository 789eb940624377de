"""The simulator: tournaments of many games between agents, on one core, a process pool or Dask.

``turncoat sim GAME`` plays N games with rotating seats and seeds derived from one master seed,
and writes per-game results, openskill ratings, win rates with Wilson intervals, score
distributions and plots (see ``docs/sim.md``); ``--report`` adds the balance report a game
offers (its ``HasReport`` capability, written by ``turncoat.sim.report``).  ``turncoat bench
GAME`` measures engine and simulator speed.
"""
