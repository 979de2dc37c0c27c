"""Connections held within bounds: a thread each up to a number of slots, one deadline for a whole request, and room made by
cutting off the connection that has waited longest on its client, so that slow senders (a slowloris) cannot hold every slot."""

import io
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class DeadlineReader(io.RawIOBase):
    """The connection's reads under one deadline per request: a client sending a byte every few seconds is cut off when the
    deadline passes, not after one silence as long as a socket timeout. While a read waits, the connection can be cut off."""

    def __init__(self, connection, send_timeout):
        self.connection = connection
        self.send_timeout = send_timeout
        self.deadline = 0.0
        self.started = 0.0
        self.waiting = False

    def readable(self):
        return True

    def readinto(self, buffer):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took longer than its deadline")
        self.connection.settimeout(left)
        self.waiting = True
        try:
            return self.connection.recv_into(buffer)
        finally:
            self.waiting = False
            self.connection.settimeout(self.send_timeout)  # what the answer's writes may take


class DeadlineRequests(BaseHTTPRequestHandler):
    """A request handler whose request (line, headers and body), or the wait for the next one on a kept connection, must all
    arrive within `request_seconds`."""

    request_seconds = 10

    def setup(self):
        super().setup()
        self.reader = DeadlineReader(self.connection, self.timeout)
        self.rfile = io.BufferedReader(self.reader)
        self.server.readers.add(self.reader)

    def handle_one_request(self):
        self.reader.started = time.monotonic()
        self.reader.deadline = self.reader.started + self.request_seconds
        super().handle_one_request()

    def finish(self):
        self.server.readers.discard(self.reader)
        super().finish()


class BoundedServer(ThreadingHTTPServer):
    """A thread per connection, up to max_connections. When all are taken, a new connection takes the slot of the one that has
    waited longest on its client for its current request (a slow sender, or a kept connection left idle); when every
    connection is being answered, it is answered 503 at once, not queued without end."""

    daemon_threads = True
    request_queue_size = 128  # connections the system holds until accepted (socketserver's 5 drops a burst's handshakes)

    def __init__(self, address, handler, max_connections):
        super().__init__(address, handler)
        self.slots = threading.BoundedSemaphore(max_connections)
        self.readers = set()

    def process_request(self, request, client_address):
        if not self.slots.acquire(blocking=False) and not (self.cut_off_slowest() and self.slots.acquire(timeout=1)):
            try:
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            return self.shutdown_request(request)
        super().process_request(request, client_address)

    def cut_off_slowest(self):
        """Shuts the connection that has waited longest on its client; its thread then ends and gives its slot back."""
        waiting = [reader for reader in list(self.readers) if reader.waiting]
        if not waiting:
            return False
        slowest = min(waiting, key=lambda reader: reader.started)
        self.readers.discard(slowest)
        try:
            slowest.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        return True

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()
