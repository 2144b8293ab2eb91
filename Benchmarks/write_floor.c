/* The libical floor for writing: parses FILE whole (icalparser_parse_string) and times
 * icalcomponent_as_ical_string_r of the tree, as ICSKit's ICSWriter is timed by
 * `ICSKIT_BENCH_WRITE=1 icskit-bench`. Prints {"parseSeconds":…,"writeSeconds":…,"writtenBytes":…}.
 *   cc -O2 Benchmarks/write_floor.c $(pkg-config --cflags --libs libical) -o write_floor */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s FILE\n", argv[0]); return 64; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    size_t got = fread(text, 1, (size_t)n, f);
    text[got] = 0;
    fclose(f);
    double t0 = now();
    icalcomponent *root = icalparser_parse_string(text);
    double t1 = now();
    if (!root) { fprintf(stderr, "%s: libical parsed nothing\n", argv[1]); return 1; }
    /* > icalcomponent_as_ical_string_r: the caller owns the returned string (free it with
     * icalmemory_free_buffer). */
    char *written = icalcomponent_as_ical_string_r(root);
    double t2 = now();
    printf("{\"parseSeconds\":%.3f,\"writeSeconds\":%.3f,\"writtenBytes\":%zu}\n", t1 - t0, t2 - t1, strlen(written));
    icalmemory_free_buffer(written);
    icalcomponent_free(root);
    free(text);
    return 0;
}
