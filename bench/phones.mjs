// Phones for the benches: N socket.io clients in one Node process, the same client
// library (socket.io-client 4.8.1) the phone pages run, on one event loop.
//
// Why not Python clients: 200 python-socketio clients (three threads each) took 5 s of
// CPU during a 200-press burst against the host's 0.9 s, on the host's own two cores;
// the bench then measured the clients. On a real night each phone is its own device.
//
//   node bench/phones.mjs URL GAME FIRST COUNT [screens]
// (with `screens`: COUNT projectors watching the game on /screen instead of phones)
// stdin, one JSON object per line:
//   {"burst": {"start_ns": "<CLOCK_MONOTONIC ns>", "spread_ms": 100, "total": 200}}
//       every phone presses `buzz` at start + seat * spread / (total - 1)
//   {"sync": ROUNDS}  every phone runs the pages' clock sync (ping, then sync) ROUNDS times
//   {"await": SEQ}     answers once every client has had a state of sequence SEQ or later
//                      (15 s at most): {"seen": clients that have}
//   {"receipts": true} answers {"receipts": [{seq: ns when it first came}, ...]} per client
//   {"act": {"stage": "answering", "round": 1, "number": 2, "moves": [[seat, delay_ms, event]]}}
//       each phone waits until its view reaches that stage of that question of that round
//       (a quiz round's view.round and view.number, 1-based; a later stage or question
//       counts, as a merged-away state would leave it),
//       then, `delay_ms` after it first saw it, sends `action` with `event`
//   {"stop": true}
// stdout, one JSON object per line:
//   {"joined": COUNT}
//   {"synced": COUNT}
//   {"burst": [[seat, ack_ns or null, answer or null], ...], "messages": n}
//   {"acted": [[seat, tap_ns, ack_ns or null, answer or null], ...]}
// process.hrtime is CLOCK_MONOTONIC on Linux, the clock of Python's time.monotonic_ns.
import { createInterface } from "node:readline";
import { io } from "socket.io-client";

const [url, game, firstArg, countArg, role] = process.argv.slice(2);
const first = Number(firstArg);
const count = Number(countArg);
const screens = role === "screens";
const seats = Array.from({ length: count }, (_, i) => first + i);
const phones = new Map();
const receipts = new Map(); // seat -> Map(seq -> ns as a string)
let messages = 0;
let waiting = null; // {seq, resolve}
// A quiz round's stages in a question's order: how far a phone's view has come.
const STAGES = ["intro", "wager", "drawing", "answering", "review", "reveal", "board", "over"];
const progress = new Map(); // seat -> [[how far, ns when first seen], ...] in order
const watchers = new Map(); // seat -> callbacks run at each state

function howFar(round, number, stage) {
  return (round * 1000 + number) * STAGES.length + Math.max(0, STAGES.indexOf(stage));
}

function noteView(seat, view) {
  if (!view || typeof view.number !== "number") return;
  const seen = progress.get(seat);
  const far = howFar(view.round || 0, view.number, view.stage);
  if (!seen.length || seen[seen.length - 1][0] < far) {
    seen.push([far, process.hrtime.bigint()]);
  }
  for (const watch of watchers.get(seat) || []) watch();
}

function received(seat, payload) {
  const meta = payload && payload.meta;
  if (!meta || typeof meta.seq !== "number") return;
  const seen = receipts.get(seat);
  if (!seen.has(meta.seq)) seen.set(meta.seq, String(process.hrtime.bigint()));
  noteView(seat, payload.view);
  if (waiting) waiting.check();
}

function say(object) {
  process.stdout.write(JSON.stringify(object) + "\n");
}

function join(seat) {
  receipts.set(seat, new Map());
  progress.set(seat, []);
  return new Promise((resolve, reject) => {
    const socket = io(url + (screens ? "/screen" : "/seat"), { transports: ["websocket"],
      reconnection: false, timeout: 20000 });
    socket.on("state", (payload) => { messages += 1; received(seat, payload); });
    // A phone's state is whole when its public part comes (a changed private part
    // carries it).
    socket.on("public", (payload) => { messages += 1; received(seat, payload); });
    socket.on("private", (payload) => { messages += 1; received(seat, payload.public); });
    socket.on("connect_error", reject);
    socket.on("connect", () => {
      if (screens) {
        socket.timeout(20000).emit("watch", { game }, (error, reply) => {
          if (error || !reply || !reply.ok) {
            reject(new Error("screen " + seat + ": " + JSON.stringify(error || reply)));
          } else {
            phones.set(seat, socket);
            resolve();
          }
        });
        return;
      }
      const token = "burst-phone-" + String(seat).padStart(6, "0");
      socket.timeout(20000).emit("join", { game, seat, token }, (error, reply) => {
        if (error || !reply || !reply.ok) {
          reject(new Error("seat " + seat + ": " + JSON.stringify(error || reply)));
        } else {
          phones.set(seat, socket);
          resolve();
        }
      });
    });
  });
}

function burst({ start_ns: startNs, spread_ms: spreadMs, total }) {
  const start = BigInt(startNs);
  const step = (spreadMs * 1e6) / Math.max(1, total - 1);
  const due = seats.map((seat) => [seat, start + BigInt(Math.round((seat - first) * step))]);
  const results = new Map();
  const before = messages;
  let next = 0;
  const finish = () => {
    clearTimeout(timer);
    say({ burst: seats.map((seat) => results.get(seat) || [seat, null, null]),
      messages: messages - before });
  };
  const timer = setTimeout(finish, 120000);
  const press = () => {
    const now = process.hrtime.bigint();
    while (next < due.length && due[next][1] <= now) {
      const seat = due[next][0];
      next += 1;
      phones.get(seat).emit("buzz", {}, (answer) => {
        results.set(seat, [seat, String(process.hrtime.bigint()), answer]);
        if (results.size === seats.length) finish();
      });
    }
    if (next < due.length) setImmediate(press);
  };
  press();
}

// When this phone first saw the stage (or a later one), or null: not yet.
function reachedAt(seat, far) {
  const hit = progress.get(seat).find(([at]) => at >= far);
  return hit ? hit[1] : null;
}

function act({ stage, round, number, moves }) {
  const far = howFar(round, number, stage);
  const results = new Map();
  const finish = () => {
    clearTimeout(timer);
    for (const [seat] of moves) watchers.delete(seat);
    say({ acted: moves.map(([seat]) => results.get(seat) || [seat, null, null, null]) });
  };
  const timer = setTimeout(finish, 120000);
  const tap = (seat, event) => {
    const tapNs = process.hrtime.bigint();
    phones.get(seat).emit("action", event, (answer) => {
      results.set(seat, [seat, String(tapNs), String(process.hrtime.bigint()), answer]);
      if (results.size === moves.length) finish();
    });
  };
  for (const [seat, delayMs, event] of moves) {
    let armed = false;
    const arm = () => {
      const seen = reachedAt(seat, far);
      if (armed || seen === null) return;
      armed = true;
      const waited = Number(process.hrtime.bigint() - seen) / 1e6;
      setTimeout(() => tap(seat, event), Math.max(0, delayMs - waited));
    };
    watchers.set(seat, [arm]);
    arm();
  }
}

function nowMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}

async function syncOne(socket, rounds) {
  for (let i = 0; i < rounds; i += 1) {
    const c0 = nowMs();
    const pong = await socket.timeout(20000).emitWithAck("ping", { c: c0 });
    await socket.timeout(20000).emitWithAck("sync", { c0, h: pong.h, c1: nowMs() });
  }
}

// One phone at a time: a phone alone on its link, as the sync assumes (twenty at once
// measured their own queueing, and the host widened its settle wait for it).
async function sync(rounds) {
  const sockets = [...phones.values()];
  for (const socket of sockets) {
    await syncOne(socket, rounds);
  }
  say({ synced: sockets.length });
}

function awaitSeq(seq) {
  const seenBy = () => [...receipts.values()].filter(
    (seen) => [...seen.keys()].some((s) => s >= seq)).length;
  const done = () => {
    clearTimeout(timer);
    waiting = null;
    say({ seen: seenBy() });
  };
  const timer = setTimeout(done, 15000);
  waiting = { check: () => { if (seenBy() === count) done(); } };
  waiting.check();
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const order = JSON.parse(line);
  if (order.burst) burst(order.burst);
  if (order.act) act(order.act);
  if (order.sync) sync(order.sync);
  if (order.await !== undefined) awaitSeq(order.await);
  if (order.receipts) {
    say({ receipts: seats.map((seat) => Object.fromEntries(receipts.get(seat))) });
  }
  if (order.stop) {
    for (const socket of phones.values()) socket.disconnect();
    process.exit(0);
  }
});

// Joins in small groups: 200 at once would be a join storm, not what the bench measures.
for (let i = 0; i < seats.length; i += 20) {
  await Promise.all(seats.slice(i, i + 20).map(join));
}
say({ joined: phones.size });
