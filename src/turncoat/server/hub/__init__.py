"""The hub: every live table of this server process, in parts.

* :mod:`.base` — what every part shares: settings, storage calls, waking connections;
* :mod:`.tables` — opening, restoring, finding and closing tables;
* :mod:`.moves` — playing moves (one version at a time, stored before they count);
* :mod:`.seats` — seats, invite links and names;
* :mod:`.runner` — bots and turn clocks;
* :mod:`.conns` — connections and chat.

``Hub`` (in :mod:`turncoat.server.live`) is all of them together.
"""
