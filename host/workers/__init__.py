"""Several server processes behind one port (`tourelle serve --workers N`).

One process, the **owner**, holds every game: the Hub, its Sessions, the journal,
timers and bots, as with one process. The other processes, **workers**, hold
phones' and pages' connections and write publications to them: the fan-out, the
work that grows with the room, spreads over the cores. They share the port
(SO_REUSEPORT: the kernel hands each new connection to one process) and a Redis
server (Debian's `redis-server`, started by the host on a Unix socket in the data
folder unless `--redis URL` names one):

- publication: Flask-SocketIO's Redis message queue (python-socketio's
  RedisManager); an emit to a room from the owner reaches the room's members on
  every process (`manager.py`);
- a message a worker receives (connect, every event, disconnect) is relayed to the
  owner, which runs the same handler as for its own connections, and the
  worker answers the Socket.IO acknowledgement with the owner's answer
  (`relay.py`, `owner.py`, `worker.py`): the protocol and the pages do not change;
- a worker's HTTP requests are passed to the owner (`proxy.py`);
- the launcher starts Redis, the owner and the workers and stops them
  (`launch.py`).
"""
