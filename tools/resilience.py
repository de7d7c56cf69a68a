#!/usr/bin/env python3
"""Pocketchart's resilience harness: what survives a crash, and what a backup restores.

  tools/resilience.py chaos    kill -9 the server again and again under a write-and-read
                               load; after each restart every acknowledged write must be
                               there with its value and every answered read of a patient
                               must have its audit row (`make chaos`)
  tools/resilience.py drill    back up under load, restore to a new database, compare
                               row counts and content hashes table by table (`make drill`)

Both run on SQLite and on PostgreSQL (--databases), against the real binary serving a
fresh demo practice through its HTTP API. Python 3.11, standard library only; PostgreSQL
is reached with psql, pg_dump and pg_restore. Exit status 1 at the first violation
(the data of the run is kept and its folder printed), 0 when everything held.

Settings (flags win over the environment):
  CHAOS_CYCLES         kill -9 cycles per database (100)
  CHAOS_WORKERS        concurrent clients, each logged in as its own user (4)
  CHAOS_LOAD_SECONDS   longest stretch of load before a kill; each is random (2.0)
  CHAOS_DATABASES      "sqlite postgres"
  CHAOS_SEED           random seed, to replay a run's choices (time-based)
  POCKETCHART_BIN      the binary (target/debug/pocketchart)
  POCKETCHART_TEST_POSTGRES_URL  where throw-away databases are created
                       (postgres://postgres@127.0.0.1:5432/test)
"""

from __future__ import annotations

import argparse
import base64
import collections
import datetime as dt
import hashlib
import http.client
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import string
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN = os.environ.get("POCKETCHART_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")
PG_BASE = PG_ADMIN.rsplit("/", 1)[0]
# Staff of the demo practice; every demo user's password is "demo".
USERS = ["demo", "ecarter", "lortega", "hkim", "obennett", "mchen", "praman", "swhitfield"]
PASSWORD_DIGEST = hashlib.sha256(b"demo").hexdigest()
READ_ACTION = "patient.read"


class Unanswered(Exception):
    """No complete answer came back: whether the request took effect is unknown."""


def say(message: str = "") -> None:
    print(message, flush=True)


def env_number(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw else default


# ---------------------------------------------------------------------------------------
# Databases: a fresh one per run, read directly (never through the server) for checks.


class SqliteDb:
    kind = "sqlite"

    def __init__(self, path: Path, immutable: bool = False):
        self.path = path
        self.url = f"sqlite://{path}"
        self.immutable = immutable

    def label(self) -> str:
        return str(self.path)

    def connect(self) -> sqlite3.Connection:
        mode = "ro&immutable=1" if self.immutable else "ro"
        return sqlite3.connect(f"file:{self.path}?mode={mode}", uri=True, timeout=30)

    def rows(self, sql: str) -> list[tuple]:
        con = self.connect()
        try:
            return [tuple(row) for row in con.execute(sql)]
        finally:
            con.close()

    def integrity(self) -> str | None:
        lines = [row[0] for row in self.rows("PRAGMA integrity_check")]
        return None if lines == ["ok"] else "; ".join(lines[:5])

    def tables(self) -> list[str]:
        return [r[0] for r in self.rows("SELECT name FROM sqlite_master WHERE type = 'table' "
                                         "AND name NOT LIKE 'sqlite%' ORDER BY name")]

    def digests(self) -> dict[str, tuple[int, str]]:
        """Per table: its row count and a SHA-256 over its rows ordered by id (by every
        column for a table without one)."""
        con = self.connect()
        try:
            out = {}
            for table in self.tables():
                columns = [r[1] for r in con.execute(f'PRAGMA table_info("{table}")')]
                order = '"id"' if "id" in columns else ", ".join(f'"{c}"' for c in columns)
                digest, count = hashlib.sha256(), 0
                for row in con.execute(f'SELECT * FROM "{table}" ORDER BY {order}'):
                    digest.update(repr(tuple(row)).encode())
                    digest.update(b"\n")
                    count += 1
                out[table] = (count, digest.hexdigest())
            return out
        finally:
            con.close()

    def create(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)

    def drop(self) -> None:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)


def psql(url: str, sql: str) -> list[tuple[str, ...]]:
    done = subprocess.run(
        ["psql", "-X", "-q", "-A", "-t", "-F", "\x1f", "-R", "\x1e", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
        capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"psql failed: {done.stderr.strip()}")
    text = done.stdout.rstrip("\n")
    return [tuple(record.split("\x1f")) for record in text.split("\x1e") if record.strip("\n")]


PG_TABLES = ("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
PG_COLUMNS = ("SELECT table_name, column_name FROM information_schema.columns "
              "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position")


def pg_digest_sql(rows_of) -> str:
    """One statement: per table, its row count and a SHA-256 over its rows (their text
    form) ordered by id, or by the whole row for a table without one."""
    columns = collections.defaultdict(list)
    for table, column in rows_of(PG_COLUMNS):
        columns[table].append(column)
    parts = []
    for (table,) in rows_of(PG_TABLES):
        order = "t.id" if "id" in columns[table] else "t::text"
        parts.append(
            f"SELECT '{table}', count(*), coalesce(encode(sha256(convert_to("
            f"string_agg(t::text, E'\\n' ORDER BY {order}), 'UTF8')), 'hex'), '') FROM \"{table}\" t")
    return " UNION ALL ".join(parts) + " ORDER BY 1"


class PostgresDb:
    kind = "postgres"

    def __init__(self, name: str):
        self.name = name
        self.url = f"{PG_BASE}/{name}"
        self.amcheck: bool | None = None

    def label(self) -> str:
        return self.url

    def rows(self, sql: str) -> list[tuple]:
        return psql(self.url, sql)

    def integrity(self) -> str | None:
        """amcheck over every b-tree index, when the extension can be created."""
        if self.amcheck is None:
            try:
                self.rows("CREATE EXTENSION IF NOT EXISTS amcheck")
                self.amcheck = True
            except RuntimeError:
                self.amcheck = False
        if not self.amcheck:
            return None
        try:
            self.rows("SELECT bt_index_check(c.oid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                      "JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace "
                      "WHERE a.amname = 'btree' AND n.nspname = current_schema()")
        except RuntimeError as error:
            return str(error)
        return None

    def digests(self) -> dict[str, tuple[int, str]]:
        return {t: (int(n), h) for t, n, h in self.rows(pg_digest_sql(self.rows))}

    def create(self) -> None:
        self.drop()
        psql(PG_ADMIN, f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        psql(PG_ADMIN, f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


# ---------------------------------------------------------------------------------------
# The binary.


def clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("POCKETCHART_")}
    env["RUST_LOG"] = "warn,pocketchart=info"
    env["RUST_BACKTRACE"] = "0"
    return env


class Binary:
    def __init__(self, path: Path, workdir: Path):
        self.path = path
        self.workdir = workdir
        self.audit_verify = subprocess.run([str(path), "audit", "--help"], capture_output=True,
                                           env=clean_env()).returncode == 0

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run([str(self.path), *args], capture_output=True, text=True, cwd=self.workdir,
                              env=clean_env(), stdin=subprocess.DEVNULL)
        if check and done.returncode != 0:
            raise RuntimeError(f"pocketchart {' '.join(args)} failed ({done.returncode}): "
                               f"{(done.stderr or done.stdout).strip()[-2000:]}")
        return done

    def verify_audit(self, url: str) -> str | None:
        """None when `audit verify` passes (or does not exist yet), else what it said."""
        if not self.audit_verify:
            return None
        done = self.run("--database", url, "audit", "verify", check=False)
        return None if done.returncode == 0 else (done.stdout + done.stderr).strip()[-2000:]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`pocketchart serve` on a port of its own, its output appended to one log file."""

    def __init__(self, binary: Binary, url: str, log_path: Path):
        self.binary = binary
        self.url = url
        self.log_path = log_path
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.starts = 0

    def start(self, demo: bool = False, timeout: float = 180) -> float:
        began = time.monotonic()
        self.port = free_port()
        args = [str(self.binary.path), "serve", "--database", self.url, "--listen", f"127.0.0.1:{self.port}"]
        if demo:
            args.append("--demo")
        with open(self.log_path, "ab") as log:
            log.write(f"--- start {self.starts + 1} ---\n".encode())
            log.flush()
            self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, cwd=self.binary.workdir,
                                         env=clean_env(), stdin=subprocess.DEVNULL)
        self.starts += 1
        while time.monotonic() - began < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited ({self.proc.returncode}) while starting; see {self.log_path}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/api/health")
                if conn.getresponse().status == 200:
                    conn.close()
                    return time.monotonic() - began
                conn.close()
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"the server did not answer /api/health within {timeout}s; see {self.log_path}")

    def kill9(self) -> None:
        if self.proc and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)   # harmless when a worker already sent it
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill9()


# ---------------------------------------------------------------------------------------
# The load: each worker is one user on one keep-alive connection, and records what the
# server acknowledged.


@dataclass
class Register:
    """A patient's suite as one worker writes it: the last acknowledged value, and the
    values sent since then whose outcome is unknown (any of them may have been saved)."""
    acked: str | None = None
    maybe: set[str] = field(default_factory=set)


@dataclass
class Ledger:
    lock: threading.Lock = field(default_factory=threading.Lock)
    patients: dict[int, str] = field(default_factory=dict)        # created: id -> last name
    suites: dict[int, Register] = field(default_factory=dict)     # patched: id -> register
    vitals: dict[int, tuple[int, int]] = field(default_factory=dict)  # id -> (patient, heart rate)
    orders: dict[int, str] = field(default_factory=dict)          # id -> short description
    appointments: dict[int, str] = field(default_factory=dict)    # id -> notes
    reads: collections.Counter = field(default_factory=collections.Counter)   # (user, patient) -> 200s
    audited_writes: collections.Counter = field(default_factory=collections.Counter)  # (user, action, patient)
    events: collections.Counter = field(default_factory=collections.Counter)
    # When set, the worker that next receives an answered read kills this process at once
    # (from its own thread: no hand-over between threads), landing in the window between
    # the answer and its audit row's commit.
    kill_after_read: int | None = None
    killed: threading.Event = field(default_factory=threading.Event)

    def writes_acked(self) -> int:
        e = self.events
        return e["patient.create"] + e["patient.update"] + e["vitals.create"] + e["order.create"] + e["appointment.create"]

    def created_ids(self) -> dict[str, set[int]]:
        with self.lock:
            return {"patients": set(self.patients), "vitals": set(self.vitals), "orders": set(self.orders),
                    "appointments": set(self.appointments)}


class Gate:
    """Opens the load while the server is up; closing it parks every worker after its
    request in flight, so the ledger is complete before a check."""

    def __init__(self, workers: int):
        self.cond = threading.Condition()
        self.is_open = False
        self.stopping = False
        self.epoch = 0
        self.parked = 0
        self.workers = workers
        self.address = ("127.0.0.1", 0)

    def open(self, port: int) -> None:
        with self.cond:
            self.address = ("127.0.0.1", port)
            self.is_open = True
            self.epoch += 1
            self.cond.notify_all()

    def close(self) -> None:
        with self.cond:
            self.is_open = False

    def stop(self) -> None:
        with self.cond:
            self.stopping = True
            self.is_open = False
            self.cond.notify_all()

    def pass_through(self) -> int | None:
        """The epoch to work in, after waiting while closed; None once stopping."""
        with self.cond:
            if self.is_open:
                return self.epoch
            self.parked += 1
            self.cond.notify_all()
            while not self.is_open and not self.stopping:
                self.cond.wait()
            self.parked -= 1
            return None if self.stopping else self.epoch

    def wait_parked(self, timeout: float = 60) -> None:
        with self.cond:
            if not self.cond.wait_for(lambda: self.parked == self.workers, timeout):
                raise RuntimeError("workers did not stop within a minute")


def jwt_user(token: str) -> int:
    payload = token.split(".")[1]
    return int(json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["userId"])


def letters(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(n)).capitalize()


class Worker(threading.Thread):
    WEIGHTS = {"read": 45, "patch": 20, "vitals": 12, "order": 10, "create": 8, "appointment": 5}

    def __init__(self, index: int, gate: Gate, ledger: Ledger, shared: "Shared", seed: int):
        super().__init__(name=f"worker-{index}", daemon=True)
        self.index = index
        self.username = USERS[index % len(USERS)]
        self.gate, self.ledger, self.shared = gate, ledger, shared
        self.rng = random.Random(seed * 1000 + index)
        self.conn: http.client.HTTPConnection | None = None
        self.token: str | None = None
        self.user_id = 0
        self.owned: list[int] = []     # patients only this worker patches
        self.versions: dict[int, tuple[str | None, object]] = {}   # patient -> (ETag, version)
        self.seq = 0
        self.error: BaseException | None = None
        ops, weights = zip(*self.WEIGHTS.items())
        self.ops, self.weights = list(ops), list(weights)

    # -- HTTP ----------------------------------------------------------------------------

    def call(self, method: str, path: str, body: object = None, headers: dict | None = None):
        sent_headers = {"content-type": "application/json", **(headers or {})}
        if self.token:
            sent_headers["jwt"] = self.token
        data = None if body is None else json.dumps(body).encode()
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection(*self.gate.address, timeout=30)
            self.conn.request(method, path, body=data, headers=sent_headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.drop_connection()
            self.count("unanswered")
            raise Unanswered(str(error)) from error
        self.count("requests")
        fresh = response.getheader("jwt")
        if fresh:
            self.token = fresh
        if response.status == 401 and path != "/api/login":
            self.token = None
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return response.status, response, parsed

    def drop_connection(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def login(self) -> bool:
        self.token = None
        status, response, _ = self.call("POST", "/api/login",
                                        {"clientType": 8, "username": self.username, "password": PASSWORD_DIGEST})
        token = response.getheader("jwt")
        if status != 200 or not token:
            self.count(f"login {status}")
            time.sleep(0.2)
            return False
        self.token = token
        self.user_id = jwt_user(token)
        return True

    # -- the loop ------------------------------------------------------------------------

    def run(self) -> None:
        try:
            epoch = None
            while True:
                now = self.gate.pass_through()
                if now is None:
                    return
                if now != epoch:
                    epoch = now
                    self.drop_connection()
                try:
                    if self.token is None and not self.login():
                        continue
                    op = self.rng.choices(self.ops, self.weights)[0]
                    getattr(self, f"op_{op}")()
                except Unanswered:
                    time.sleep(0.01)
        except BaseException as error:  # a bug in the harness must not look like a pass
            self.error = error
            self.gate.stop()

    def count(self, event: str) -> None:
        with self.ledger.lock:
            self.ledger.events[event] += 1

    def note(self, op: str, status: int) -> None:
        self.count(f"{op} {status}")

    def remember_version(self, pid: int, response, body) -> None:
        etag = response.getheader("etag")
        version = body.get("version") if isinstance(body, dict) else None
        if etag or version is not None:
            self.versions[pid] = (etag, version)

    # -- operations ----------------------------------------------------------------------

    def op_read(self, pid: int | None = None) -> None:
        pid = pid if pid is not None else self.rng.choice(self.shared.patient_ids)
        status, response, body = self.call("GET", f"/api/patients/{pid}")
        if status == 200:
            with self.ledger.lock:
                self.ledger.reads[(self.user_id, pid)] += 1
                self.ledger.events["reads answered"] += 1
                if self.ledger.kill_after_read is not None:
                    os.kill(self.ledger.kill_after_read, signal.SIGKILL)
                    self.ledger.kill_after_read = None
                    self.ledger.killed.set()
            if pid in self.versions or pid in self.owned:
                self.remember_version(pid, response, body)
        else:
            self.note("read", status)

    def op_patch(self) -> None:
        if not self.owned:
            return self.op_read()
        pid = self.rng.choice(self.owned)
        self.seq += 1
        value = f"Suite {self.index}-{self.seq}"
        body: dict = {"suite": value}
        headers = {}
        if pid not in self.versions:   # as a client does: open the record before changing it
            self.op_read(pid)
        etag, version = self.versions.get(pid, (None, None))
        if etag:
            headers["if-match"] = etag
        if version is not None:
            body["version"] = version
        register = self.ledger.suites.setdefault(pid, Register())
        try:
            status, response, answer = self.call("PATCH", f"/api/patients/{pid}", body, headers)
        except Unanswered:
            with self.ledger.lock:
                register.maybe.add(value)
            raise
        if 200 <= status < 300:
            with self.ledger.lock:
                register.acked, register.maybe = value, set()
                self.ledger.audited_writes[(self.user_id, "patient.update", pid)] += 1
                self.ledger.events["patient.update"] += 1
            self.remember_version(pid, response, answer)
            return
        # Refused: nothing should be saved, but the check only relies on what was acknowledged.
        with self.ledger.lock:
            register.maybe.add(value)
        self.note("patch", status)
        if status in (400, 409, 412, 428):   # a stale or missing version: read the current one
            self.versions.pop(pid, None)
            self.op_read(pid)

    def op_create(self) -> None:
        last = letters(self.rng, 9)
        body = {
            "firstName": "Chaos", "lastName": last, "birthdate": "1980-01-0%d" % self.rng.randint(1, 9), "sex": 2,
            "streetAddress": "1 Main St", "city": "Portland", "state": "OR", "zipCode": "97214",
            "country": "United States of America", "phone1": {"number": "503555%04d" % self.rng.randint(100, 199),
                                                              "type": 2},
            "accountProviderId": 3, "patientProviderId": 3, "officeId": 1, "feeScheduleId": 1,
            "allowDuplicate": True,
        }
        status, response, answer = self.call("POST", "/api/patients", body)
        if status == 201 and isinstance(answer, dict):
            pid = int(answer["patientId"])
            with self.ledger.lock:
                self.ledger.patients[pid] = last
                self.ledger.audited_writes[(self.user_id, "patient.create", None)] += 1
                self.ledger.events["patient.create"] += 1
            self.owned.append(pid)
            self.shared.patient_ids.append(pid)
            self.remember_version(pid, response, answer)
        else:
            self.note("create", status)

    def op_vitals(self) -> None:
        pid = self.rng.choice(self.shared.patient_ids)
        rate = self.rng.randint(40, 180)
        when = (dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=5)).strftime("%Y-%m-%dT%H:%M:%SZ")
        status, _, answer = self.call("POST", f"/api/patients/{pid}/vitals",
                                      {"date": when, "heartRate": rate, "systolic": 120, "diastolic": 80})
        if status == 201 and isinstance(answer, dict):
            with self.ledger.lock:
                self.ledger.vitals[int(answer["vitalsId"])] = (pid, rate)
                self.ledger.audited_writes[(self.user_id, "vitals.create", pid)] += 1
                self.ledger.events["vitals.create"] += 1
        else:
            self.note("vitals", status)

    def op_order(self) -> None:
        pid = self.rng.choice(self.shared.patient_ids)
        self.seq += 1
        text = f"Chaos {self.index}-{self.seq}"
        due = (dt.date.today() + dt.timedelta(days=30)).isoformat()
        body = {"patientId": pid, "typeId": 100, "shortDescription": text, "longDescription": "Resilience run.",
                "providerId": 3, "orderStatusId": 1, "officeId": 1, "incidentId": 0, "assignedToUserId": 2,
                "due": due, "urgent": False}
        status, _, answer = self.call("POST", "/api/orders", body)
        if status == 201 and isinstance(answer, dict):
            with self.ledger.lock:
                self.ledger.orders[int(answer["ordersId"])] = text
                self.ledger.audited_writes[(self.user_id, "order.create", pid)] += 1
                self.ledger.events["order.create"] += 1
        else:
            self.note("order", status)

    def op_appointment(self) -> None:
        pid = self.rng.choice(self.shared.patient_ids)
        start = self.shared.next_slot()
        self.seq += 1
        notes = f"Chaos {self.index}-{self.seq}"
        body = {"patientId": pid, "start": start, "length": 15, "resourceId": 1 + self.index % 4,
                "providerId": 3, "typeId": 4, "statusId": 3, "notes": notes}
        status, _, answer = self.call("POST", "/api/scheduling/1/appointments", body)
        if status == 201 and isinstance(answer, dict):
            with self.ledger.lock:
                self.ledger.appointments[int(answer["appointmentId"])] = notes
                self.ledger.audited_writes[(self.user_id, "appointment.create", pid)] += 1
                self.ledger.events["appointment.create"] += 1
        else:
            self.note("appointment", status)


class Shared:
    """What workers share: the patients to read, and free appointment slots (each one
    unique, far from the demo schedule, so bookings never conflict)."""

    def __init__(self, patient_ids: list[int], workers: int):
        self.patient_ids = list(patient_ids)
        self.workers = workers
        self.lock = threading.Lock()
        self.slot = 0
        self.first_day = dt.datetime.combine(dt.date.today() + dt.timedelta(days=60), dt.time(15, 0),
                                             tzinfo=dt.timezone.utc)

    def next_slot(self) -> str:
        with self.lock:
            n = self.slot
            self.slot += 1
        start = self.first_day + dt.timedelta(days=n // 24, minutes=15 * (n % 24))
        return start.strftime("%Y-%m-%dT%H:%M:%SZ")


class Load:
    def __init__(self, workers: int, patient_ids: list[int], seed: int):
        self.gate = Gate(workers)
        self.ledger = Ledger()
        self.shared = Shared(patient_ids, workers)
        self.workers = [Worker(i, self.gate, self.ledger, self.shared, seed) for i in range(workers)]
        for worker in self.workers:
            worker.owned = [p for p in patient_ids if p % workers == worker.index]
            worker.start()

    def pause(self) -> None:
        self.gate.close()

    def settle(self) -> None:
        self.gate.wait_parked()
        self.raise_worker_errors()

    def raise_worker_errors(self) -> None:
        for worker in self.workers:
            if worker.error is not None:
                raise RuntimeError(f"{worker.name} failed: {worker.error!r}") from worker.error

    def finish(self) -> None:
        self.gate.stop()
        for worker in self.workers:
            worker.join(timeout=60)
            worker.drop_connection()


# ---------------------------------------------------------------------------------------
# Checks against the database itself.


@dataclass
class Findings:
    """Violations of one check; `first` is what a stopping run reports."""
    items: list[tuple[str, str]] = field(default_factory=list)   # (kind, message)
    missing_read_audits: int = 0

    def add(self, kind: str, message: str) -> None:
        self.items.append((kind, message))


def check_database(db, ledger: Ledger, binary: Binary) -> Findings:
    found = Findings()
    with ledger.lock:
        patients = dict(ledger.patients)
        suites = {pid: (r.acked, set(r.maybe)) for pid, r in ledger.suites.items() if r.acked is not None}
        vitals = dict(ledger.vitals)
        orders = dict(ledger.orders)
        appointments = dict(ledger.appointments)
        reads = collections.Counter(ledger.reads)
        writes = collections.Counter(ledger.audited_writes)

    problem = db.integrity()
    if problem:
        found.add("integrity", f"integrity check of {db.label()}: {problem}")

    stored = {int(i): (last, suite) for i, last, suite in db.rows("SELECT id, last_name, suite FROM patients")}
    for pid, last in sorted(patients.items()):
        if pid not in stored:
            found.add("lost write", f"patient {pid} ({last}) was created (201) and is gone")
        elif stored[pid][0] != last:
            found.add("lost write", f"patient {pid} was created as {last!r}, holds {stored[pid][0]!r}")
    for pid, (acked, maybe) in sorted(suites.items()):
        now = stored.get(pid, (None, None))[1]
        if now != acked and now not in maybe:
            found.add("lost write", f"patient {pid}: suite {acked!r} was acknowledged, the database holds {now!r}")

    def by_id(sql: str) -> dict[int, tuple]:
        return {int(row[0]): tuple(row[1:]) for row in db.rows(sql)}

    held = by_id("SELECT id, patient_id, heart_rate FROM vitals")
    for vid, (pid, rate) in sorted(vitals.items()):
        if held.get(vid) is None or tuple(int(x) for x in held[vid]) != (pid, rate):
            found.add("lost write", f"vitals {vid} (patient {pid}, heart rate {rate}) acknowledged, holds {held.get(vid)}")
    held = by_id("SELECT id, short_description FROM orders")
    for oid, text in sorted(orders.items()):
        if held.get(oid) != (text,):
            found.add("lost write", f"order {oid} ({text!r}) acknowledged, holds {held.get(oid)}")
    held = by_id("SELECT id, notes FROM appointments WHERE notes LIKE 'Chaos %'")
    for aid, notes in sorted(appointments.items()):
        if held.get(aid) != (notes,):
            found.add("lost write", f"appointment {aid} ({notes!r}) acknowledged, holds {held.get(aid)}")

    # Audit rows: per user, action and patient, at least one per acknowledged answer.
    actions = sorted({READ_ACTION} | {action for _, action, _ in writes})
    listed = ", ".join(f"'{a}'" for a in actions)
    counted = collections.Counter()
    for user, action, pid, n in db.rows(f"SELECT user_id, action, patient_id, COUNT(*) FROM audit_log "
                                        f"WHERE outcome = 'success' AND action IN ({listed}) GROUP BY 1, 2, 3"):
        if user in (None, ""):
            continue
        pid_key = None if pid in (None, "") else int(pid)
        counted[(int(user), action, pid_key)] += int(n)
        counted[(int(user), action, None)] += int(n) if pid_key is not None else 0
    for (user, pid), answered in sorted(reads.items()):
        rows = counted[(user, READ_ACTION, pid)]
        if rows < answered:
            found.missing_read_audits += answered - rows
            found.add("read not audited", f"user {user} read patient {pid}: {answered} answer(s) received, "
                                          f"{rows} '{READ_ACTION}' audit row(s)")
    for (user, action, pid), acked in sorted(writes.items(), key=str):
        rows = counted[(user, action, pid)]
        if rows < acked:
            found.add("write not audited", f"user {user} {action} patient {pid}: {acked} acknowledged, {rows} audit row(s)")

    problem = binary.verify_audit(db.url)
    if problem:
        found.add("audit verify", f"pocketchart audit verify failed on {db.label()}: {problem}")
    return found


def check_the_checks(db, binary: Binary, patient_ids: list[int]) -> None:
    """A negative control: a ledger claiming writes and reads the database never saw must
    be caught, one violation for each, or the harness itself is broken."""
    forged = Ledger()
    pid = patient_ids[0]
    forged.patients[10**9] = "Nobody"
    forged.suites[pid] = Register(acked="Suite never sent")
    forged.vitals[10**9] = (pid, 77)
    forged.orders[10**9] = "Chaos never sent"
    forged.appointments[10**9] = "Chaos never sent"
    forged.reads[(2, pid)] = 10**6
    forged.audited_writes[(2, "order.create", pid)] = 10**6
    caught = collections.Counter(kind for kind, _ in check_database(db, forged, binary).items)
    wanted = {"lost write": 5, "read not audited": 1, "write not audited": 1}
    if any(caught[k] != n for k, n in wanted.items()):
        raise RuntimeError(f"the checks missed forged violations: wanted {wanted}, caught {dict(caught)}")


# ---------------------------------------------------------------------------------------
# Runs.


def make_database(kind: str, folder: Path, name: str):
    if kind == "sqlite":
        return SqliteDb(folder / f"{name}.db")
    return PostgresDb(f"pc_{name}_{os.getpid()}")


def demo_patient_ids(db) -> list[int]:
    return sorted(int(r[0]) for r in db.rows("SELECT id FROM patients"))


def figures(ledger: Ledger) -> str:
    e = ledger.events
    return (f"writes acknowledged {ledger.writes_acked():,} (patients {e['patient.create']:,}, "
            f"demographics {e['patient.update']:,}, vitals {e['vitals.create']:,}, orders {e['order.create']:,}, "
            f"appointments {e['appointment.create']:,}); reads answered {e['reads answered']:,}; "
            f"requests answered {e['requests']:,}, unanswered {e['unanswered']:,}")


def refusals(ledger: Ledger) -> str:
    skip = {"requests", "unanswered", "reads answered", "patient.create", "patient.update", "vitals.create",
            "order.create", "appointment.create"}
    other = {k: v for k, v in ledger.events.items() if k not in skip}
    return ", ".join(f"{k}: {v}" for k, v in sorted(other.items())) or "none"


def chaos(kind: str, args, binary: Binary, folder: Path) -> bool:
    say(f"== chaos on {kind}: {args.cycles} kill -9 cycles, {args.workers} clients, "
        f"up to {args.load_seconds}s of load each (seed {args.seed})")
    db = make_database(kind, folder, "chaos")
    db.create()
    server = Server(binary, db.url, folder / f"chaos-{kind}.log")
    rng = random.Random(args.seed)
    startup = server.start(demo=True)
    say(f"   demo practice served in {startup:.1f}s; audit verify: "
        f"{'checked after every restart' if binary.audit_verify else 'not in this binary yet (skipped)'}")
    check_the_checks(db, binary, demo_patient_ids(db))
    say("   the checks catch forged lost writes, unaudited reads and unaudited writes (negative control)")
    load = Load(args.workers, demo_patient_ids(db), args.seed)
    totals = collections.Counter()
    first: tuple[str, str] | None = None
    ok = True
    try:
        for cycle in range(1, args.cycles + 1):
            before = ledger_total(load.ledger)
            load.gate.open(server.port)
            time.sleep(rng.uniform(0.1, args.load_seconds))
            # Odd cycles kill the instant a read has been answered; even ones at a random instant.
            after_read = cycle % 2 == 1
            if after_read and server.proc:
                with load.ledger.lock:
                    load.ledger.killed.clear()
                    load.ledger.kill_after_read = server.proc.pid
                load.ledger.killed.wait(timeout=2)
                with load.ledger.lock:
                    load.ledger.kill_after_read = None
            server.kill9()
            load.pause()
            load.settle()
            restart = server.start()
            found = check_database(db, load.ledger, binary)
            # The ledgers are cumulative: each check sees every violation so far.
            kinds = collections.Counter(kind_ for kind_, _ in found.items)
            new_missing = found.missing_read_audits - totals["answered reads without an audit row"]
            after = ledger_total(load.ledger)
            state = "ok"
            if found.items:
                state = ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items()) if k != "read not audited")
                if found.missing_read_audits:
                    state = ", ".join(x for x in (state, f"answered reads without an audit row: +{new_missing} "
                                                         f"(total {found.missing_read_audits})") if x)
            say(f"   cycle {cycle:>3}/{args.cycles} (kill {'after a read' if after_read else 'at random'}): "
                f"+{after[0] - before[0]} writes, +{after[1] - before[1]} reads, "
                f"{after[2] - before[2]} unanswered; restart {restart:.1f}s; {state}")
            if found.items:
                ok = False
                if new_missing > 0 or any(k != "read not audited" for k in kinds):
                    totals["cycles with a new violation"] += 1
                totals["answered reads without an audit row"] = found.missing_read_audits
                for kind_, n in kinds.items():
                    if kind_ != "read not audited":
                        totals[kind_] = n
                if first is None:
                    first = found.items[0]
                    say(f"   FIRST VIOLATION (cycle {cycle}): [{first[0]}] {first[1]}")
                    for extra in found.items[1:4]:
                        say(f"     also: [{extra[0]}] {extra[1]}")
                if not args.keep_going:
                    break
        load.pause()
        load.settle()
    finally:
        load.finish()
        server.stop()
    say(f"   {kind}: {cycle} cycles; {figures(load.ledger)}")
    say(f"   refused or failed answers: {refusals(load.ledger)}")
    if ok:
        say(f"   {kind}: every acknowledged write and answered read held after {cycle} kill -9 restarts")
        db.drop()
    else:
        say(f"   {kind}: VIOLATIONS: " + "; ".join(f"{k}: {v}" for k, v in sorted(totals.items())))
        say(f"   data kept for inspection: {db.label()} (server log {server.log_path})")
        if kind == "postgres":
            say(f"   drop it with: psql {PG_ADMIN} -c 'DROP DATABASE \"{db.name}\" WITH (FORCE)'")
    return ok


def ledger_total(ledger: Ledger) -> tuple[int, int, int]:
    return ledger.writes_acked(), ledger.events["reads answered"], ledger.events["unanswered"]


class PgSnapshot:
    """A psql session holding one repeatable-read snapshot, exported so pg_dump reads
    exactly what the session reads."""

    def __init__(self, url: str):
        self.proc = subprocess.Popen(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.id = self.ask("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;\nSELECT pg_export_snapshot();")[0]

    def ask(self, sql: str) -> list[str]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(sql + "\n\\echo __end__\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("psql ended while holding the snapshot")
            line = line.rstrip("\n")
            if line == "__end__":
                return lines
            if line:
                lines.append(line)

    def rows(self, sql: str) -> list[tuple[str, ...]]:
        return [tuple(line.split("|")) for line in self.ask(sql + ";")]

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.write("COMMIT;\n\\q\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=30)


def drill(kind: str, args, binary: Binary, folder: Path) -> bool:
    say(f"== restore drill on {kind}: {args.workers} clients, backup after {args.warmup}s of load")
    source = make_database(kind, folder, "drill")
    # A SQLite copy goes to a folder of its own, as a restore onto a new disk would.
    restored = SqliteDb(folder / "restored" / "practice.db") if kind == "sqlite" else \
        make_database(kind, folder, "restored")
    source.create()
    if kind == "postgres":
        restored.drop()
    server = Server(binary, source.url, folder / f"drill-{kind}.log")
    server.start(demo=True)
    load = Load(args.workers, demo_patient_ids(source), args.seed)
    load.gate.open(server.port)
    expected: dict[str, tuple[int, str]]
    try:
        time.sleep(args.warmup)
        acked_before = load.ledger.created_ids()
        writes_before = load.ledger.writes_acked()
        began = time.monotonic()
        if kind == "sqlite":
            backup = folder / "backup.db"
            binary.run("--database", source.url, "backup", "--to", str(backup))
        else:
            backup = folder / "backup.dump"
            snapshot = PgSnapshot(source.url)
            try:
                subprocess.run(["pg_dump", "--format=custom", f"--snapshot={snapshot.id}", f"--file={backup}",
                                source.url], check=True, capture_output=True, text=True)
                expected = {t: (int(n), h) for t, n, h in snapshot.rows(pg_digest_sql(snapshot.rows))}
            finally:
                snapshot.close()
        took = time.monotonic() - began
        time.sleep(args.warmup / 2)
        load.pause()
        load.settle()
    finally:
        load.finish()
        server.stop()
    say(f"   backup taken under load in {took:.2f}s ({backup.stat().st_size:,} bytes); {figures(load.ledger)}")

    began = time.monotonic()
    if kind == "sqlite":
        expected = SqliteDb(backup, immutable=True).digests()
        # Backups hold no keys: the keys file (token, audit chain and SSN keys, when the
        # binary keeps one beside the database) comes back from its own backup.
        keys = folder / "pocketchart.keys"
        if keys.exists():
            restored.path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(keys, restored.path.parent / keys.name)
            os.chmod(restored.path.parent / keys.name, 0o600)
            say("   keys file put back beside the copy from its own backup")
        binary.run("restore", "--from", str(backup), "--to", str(restored.path))
    else:
        restored.create()
        subprocess.run(["pg_restore", "--exit-on-error", "--no-owner", f"--dbname={restored.url}", str(backup)],
                       check=True, capture_output=True, text=True)
        binary.run("--database", restored.url, "migrate")
    say(f"   restored to {restored.label()} in {time.monotonic() - began:.2f}s")

    found = Findings()
    # Negative control: the source took writes after the backup, so its hashes must differ.
    later = load.ledger.writes_acked() - writes_before
    differing = sum(1 for t, v in source.digests().items() if expected.get(t) != v)
    if later and not differing:
        raise RuntimeError(f"the source took {later} writes after the backup, yet hashes the same: the "
                           "comparison sees nothing")
    say(f"   negative control: the source, {later:,} acknowledged writes later, differs from the backup "
        f"in {differing} tables")
    actual = restored.digests()
    # `pocketchart restore` audits itself into the copy: one 'restore' row on top of the
    # backup's, and the chain's head moved by it. `audit verify` on the copy (below) vouches
    # for every earlier row through the chain.
    restore_rows = len(restored.rows("SELECT id FROM audit_log WHERE action = 'restore'")) if kind == "sqlite" else 0
    for table in sorted(set(expected) | set(actual)):
        want, got = expected.get(table), actual.get(table)
        if restore_rows and table in ("audit_log", "audit_chain") and want and got:
            if table == "audit_log" and got[0] != want[0] + restore_rows:
                found.add("row count", f"audit_log: {want[0]} rows in the backup, {got[0]} in the copy "
                                       f"(of them {restore_rows} of the restore itself)")
            continue
        if want is None or got is None:
            found.add("tables", f"table {table} is only in the {'copy' if want is None else 'backup'}")
        elif want[0] != got[0]:
            found.add("row count", f"{table}: {want[0]} rows in the backup, {got[0]} in the copy")
        elif want[1] != got[1]:
            found.add("content hash", f"{table}: the rows differ ({want[1][:12]} / {got[1][:12]})")
    rows = sum(n for n, _ in actual.values())
    say(f"   {len(actual)} tables, {rows:,} rows compared: "
        f"{'counts and hashes equal' if not found.items else 'DIFFERENCES'}")

    tables = {"patients": "patients", "vitals": "vitals", "orders": "orders", "appointments": "appointments"}
    missing = 0
    for key, table in tables.items():
        present = {int(r[0]) for r in restored.rows(f"SELECT id FROM {table}")}
        lost = sorted(acked_before[key] - present)
        missing += len(lost)
        if lost:
            found.add("lost write", f"{len(lost)} {key} acknowledged before the backup began are not in the copy "
                                    f"(first ids {lost[:5]})")
    say(f"   {sum(len(v) for v in acked_before.values()):,} writes acknowledged before the backup began: "
        f"{'all in the copy' if not missing else f'{missing} missing'}")
    broken = restored.integrity()
    if broken:
        found.add("integrity", f"integrity check of the copy: {broken}")
    unverified = binary.verify_audit(restored.url)
    if unverified:
        found.add("audit verify", unverified)
    if kind == "sqlite":
        say(f"   integrity check of the copy: {'FAILED' if broken else 'ok'}")
    else:
        say(f"   amcheck of the copy's indexes: {'FAILED' if broken else 'ok' if restored.amcheck else 'not available'}")
    verdict = "FAILED" if unverified else "passed" if binary.audit_verify else "not in this binary yet (skipped)"
    say(f"   audit verify on the copy: {verdict}")

    if found.items:
        for kind_, message in found.items[:10]:
            say(f"   VIOLATION [{kind_}] {message}")
        say(f"   data kept for inspection: {source.label()}, {restored.label()}, {backup}")
        return False
    for db in (source, restored):
        db.drop()
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["chaos", "drill"])
    parser.add_argument("--databases", default=os.environ.get("CHAOS_DATABASES", "sqlite postgres"),
                        help="which databases, separated by spaces or commas")
    parser.add_argument("--cycles", type=int, default=int(env_number("CHAOS_CYCLES", 100)))
    parser.add_argument("--workers", type=int, default=int(env_number("CHAOS_WORKERS", 4)))
    parser.add_argument("--load-seconds", type=float, default=env_number("CHAOS_LOAD_SECONDS", 2.0))
    parser.add_argument("--warmup", type=float, default=env_number("DRILL_WARMUP_SECONDS", 4.0),
                        help="drill: seconds of load before the backup")
    parser.add_argument("--seed", type=int, default=int(env_number("CHAOS_SEED", time.time() % 100000)))
    parser.add_argument("--keep-going", action="store_true", default=os.environ.get("CHAOS_KEEP_GOING") == "1",
                        help="chaos: run every cycle and count violations instead of stopping at the first")
    parser.add_argument("--bin", default=os.environ.get("POCKETCHART_BIN", str(ROOT / "target/debug/pocketchart")))
    args = parser.parse_args()

    binary_path = Path(args.bin).resolve()
    if not binary_path.is_file():
        say(f"no binary at {binary_path}: build it (make server-debug) or set POCKETCHART_BIN")
        return 2
    kinds = [k for k in args.databases.replace(",", " ").split() if k]
    if "postgres" in kinds:
        try:
            psql(PG_ADMIN, "SELECT 1")
        except (RuntimeError, FileNotFoundError) as error:
            say(f"PostgreSQL at {PG_ADMIN} is needed ({error}); or run with --databases sqlite")
            return 2
    folder = Path(tempfile.mkdtemp(prefix=f"pocketchart-{args.mode}-"))
    binary = Binary(binary_path, folder)
    ok = True
    for kind in kinds:
        run = chaos if args.mode == "chaos" else drill
        ok = run(kind, args, binary, folder) and ok
        if not ok and not (args.mode == "chaos" and args.keep_going):
            break
    if ok:
        shutil.rmtree(folder, ignore_errors=True)
        say(f"{args.mode}: passed on {', '.join(kinds)}")
        return 0
    say(f"{args.mode}: FAILED (folder {folder})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
