// sl-canned-adapter: the smallest adapter that speaks the wire protocol, for `sl-conformance bench`.
//
// It answers every harness request with a canned result (the reference app's observation after a
// reset), makes no broker calls and uses no threads, no allocation per line and no JSON library:
// one blocking read, one write per answer. The harness's round trip to it, against the pipe floor
// measured with `--echo` (which writes every line back as it is), is the harness's own cost.
//
//   sl-canned-adapter          serve the protocol on stdin/stdout until `shutdown` or end of input
//   sl-canned-adapter --echo   write every line read on stdin back to stdout
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { CAPACITY = 1 << 20 };
static char input[CAPACITY];

static int write_all(const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(1, bytes, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        bytes += written;
        count -= (size_t)written;
    }
    return 0;
}

// The value of the top-level member `"name":` in a one-line JSON object, as raw bytes: up to the
// next ',' or '}' for numbers, or the quoted string with its quotes. Enough for the harness's requests.
static const char *member(const char *line, const char *end, const char *name, size_t *length) {
    size_t name_length = strlen(name);
    for (const char *at = line; at + name_length + 3 <= end; at++) {
        if (at[0] != '"' || memcmp(at + 1, name, name_length) != 0 || at[name_length + 1] != '"' || at[name_length + 2] != ':') continue;
        const char *value = at + name_length + 3;
        const char *stop = value;
        if (stop < end && *stop == '"') {
            stop++;
            while (stop < end && *stop != '"') stop += (*stop == '\\') ? 2 : 1;
            stop++;
        } else {
            while (stop < end && *stop != ',' && *stop != '}') stop++;
        }
        if (stop > end) return NULL;
        *length = (size_t)(stop - value);
        return value;
    }
    return NULL;
}

static const char handshake[] =
    "{\"adapter\":{\"name\":\"sl-canned-adapter\",\"version\":\"1.0.0\"},"
    "\"app\":{\"bundleId\":\"com.example.singlelogin.canned\",\"name\":\"Canned App\",\"version\":\"1.0.0\"},"
    "\"capabilities\":[],\"msalVersion\":\"1.6.2\",\"protocolVersion\":\"1.0\"}";
static const char observation[] = "{\"crashed\":false,\"running\":false,\"screen\":[],\"storage\":[]}";
static const char empty[] = "{}";

// Answers one request line; returns 1 after `shutdown`, -1 when stdout is gone.
static int answer(const char *line, const char *end) {
    size_t id_length = 0, method_length = 0;
    const char *id = member(line, end, "id", &id_length);
    const char *method = member(line, end, "method", &method_length);
    if (id == NULL || method == NULL) return 0;  // a notification or a stray answer: nothing to say
    const char *result = NULL;
    int stop = 0;
#define IS(name) (method_length == sizeof(name) + 1 && memcmp(method + 1, name, sizeof(name) - 1) == 0)
    if (IS("initialize")) result = handshake;
    else if (IS("reset")) result = empty;
    else if (IS("event") || IS("observe")) result = observation;
    else if (IS("shutdown")) { result = empty; stop = 1; }
#undef IS
    char out[1024];
    int length;
    if (result != NULL) {
        length = snprintf(out, sizeof out, "{\"id\":%.*s,\"jsonrpc\":\"2.0\",\"result\":%s}\n", (int)id_length, id, result);
    } else {
        length = snprintf(out, sizeof out, "{\"error\":{\"code\":-32601,\"message\":\"unknown method %.*s\"},\"id\":%.*s,\"jsonrpc\":\"2.0\"}\n",
                          (int)method_length - 2, method + 1, (int)id_length, id);
    }
    if (length < 0 || (size_t)length >= sizeof out) return 0;
    if (write_all(out, (size_t)length) != 0) return -1;
    return stop;
}

int main(int argc, char **argv) {
    int echo = argc > 1 && strcmp(argv[1], "--echo") == 0;
    if (argc > 1 && !echo) {
        fprintf(stderr, "usage: sl-canned-adapter [--echo]\n");
        return 64;
    }
    size_t have = 0;
    for (;;) {
        ssize_t count = read(0, input + have, CAPACITY - have);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return 0;
        have += (size_t)count;
        char *start = input;
        char *newline;
        while ((newline = memchr(start, '\n', (size_t)(input + have - start))) != NULL) {
            if (echo) {
                if (write_all(start, (size_t)(newline - start + 1)) != 0) return 1;
            } else {
                int status = answer(start, newline);
                if (status < 0) return 1;
                if (status > 0) return 0;
            }
            start = newline + 1;
        }
        have = (size_t)(input + have - start);
        if (have == CAPACITY) have = 0;  // a line longer than the buffer: drop it
        memmove(input, start, have);
    }
}
