"""A static file server for web/dist that behaves like a real host: it sends the
precompressed `.br` or `.gz` copy of a file (made by web/build.sh) when the browser
accepts that encoding, with the original file's type, and `.wasm` as application/wasm.

    python3 web/serve.py PORT DIRECTORY
"""

import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
    }

    def accepted(self):
        header = self.headers.get("Accept-Encoding", "")
        return {part.split(";")[0].strip() for part in header.split(",")}

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            accepted = self.accepted()
            for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
                if encoding in accepted and os.path.isfile(path + suffix):
                    body = open(path + suffix, "rb")
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(path))
                    self.send_header("Content-Encoding", encoding)
                    self.send_header("Content-Length", str(os.fstat(body.fileno()).st_size))
                    self.send_header("Vary", "Accept-Encoding")
                    self.send_header("Cache-Control", "no-cache")
                    self.end_headers()
                    return body
        return super().send_head()

    def log_message(self, format, *args):
        pass


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit() or not os.path.isdir(sys.argv[2]):
        sys.exit("usage: python3 web/serve.py PORT DIRECTORY")
    port, directory = int(sys.argv[1]), sys.argv[2]

    def handler(*args, **kwargs):
        return Handler(*args, directory=directory, **kwargs)

    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
