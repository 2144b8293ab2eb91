/*
 * floor.c: the libical floor for ICSKit's benchmark: what libical alone costs.
 *
 *   cc -O2 Benchmarks/floor.c $(pkg-config --cflags --libs libical) -o floor
 *   floor parse  FILE              parse the whole file, free it
 *   floor expand FILE FROM TO      parse, then iterate every RRULE over [FROM, TO]
 *                                  (dates YYYYMMDD, inclusive days)
 *
 * Output is "key: value" lines on stdout, for scripts/bench.sh to read.
 *
 * `expand` counts instance starts whose own wall-clock date (in the event's
 * own zone, or UTC, or floating) falls in [FROM, TO], much like an agenda does:
 *   - a VEVENT with an RRULE: icalrecur_iterator_new(rule, DTSTART), then
 *     icalrecur_iterator_next until past TO, the rule ends or MAX_INSTANCES;
 *     instances named by an EXDATE of the series, or replaced by a
 *     RECURRENCE-ID override (same UID) are not counted;
 *   - any other VEVENT (overrides included): its DTSTART, if in range.
 * RDATEs are not used by the generated calendar and are ignored here.
 * libical 3.0.16: icalrecur_iterator_set_start refuses COUNT rules, so every
 * series is iterated from its DTSTART.
 */
#include <libical/ical.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_INSTANCES = 100000 }; /* per series: a guard against endless loops */

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buffer = malloc((size_t)size + 1);
    if (buffer == NULL || fread(buffer, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "%s: cannot read\n", path);
        exit(1);
    }
    buffer[size] = '\0';
    fclose(f);
    return buffer;
}

/* X-LIC-ERROR properties anywhere in the tree: libical's parse errors. */
static long count_errors(icalcomponent *c) {
    long n = icalcomponent_count_properties(c, ICAL_XLICERROR_PROPERTY);
    for (icalcomponent *k = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT); k != NULL;
         k = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT)) {
        n += count_errors(k);
    }
    return n;
}

/* A sortable key of a wall-clock time's fields (zone ignored). */
static int64_t time_key(struct icaltimetype t) {
    int64_t day = (int64_t)t.year * 10000 + t.month * 100 + t.day;
    return t.is_date ? day * 1000000 : day * 1000000 + t.hour * 10000 + t.minute * 100 + t.second;
}

static int64_t parse_day_key(const char *s) {
    if (strlen(s) != 8) {
        fprintf(stderr, "dates are YYYYMMDD: %s\n", s);
        exit(64);
    }
    return atoll(s) * 1000000;
}

typedef struct {
    const char *uid;
    int64_t key;
} Override;

static int compare_overrides(const void *a, const void *b) {
    const Override *x = a, *y = b;
    int c = strcmp(x->uid, y->uid);
    return c != 0 ? c : (x->key > y->key) - (x->key < y->key);
}

static int is_overridden(const Override *all, size_t n, const char *uid, int64_t key) {
    Override probe = {uid, key};
    return bsearch(&probe, all, n, sizeof *all, compare_overrides) != NULL;
}

static int is_excluded(icalcomponent *event, int64_t key) {
    for (icalproperty *p = icalcomponent_get_first_property(event, ICAL_EXDATE_PROPERTY); p != NULL;
         p = icalcomponent_get_next_property(event, ICAL_EXDATE_PROPERTY)) {
        if (time_key(icalproperty_get_exdate(p)) == key) {
            return 1;
        }
    }
    return 0;
}

typedef struct {
    long events, series, instances, capped;
} Counts;

static Counts expand(icalcomponent *root, int64_t from, int64_t to) {
    Counts counts = {0, 0, 0, 0};
    int64_t end = to + 999999; /* the last second of TO */
    /* the RECURRENCE-IDs of overrides, sorted by (UID, key) */
    size_t n_overrides = 0, capacity = 1024;
    Override *overrides = malloc(capacity * sizeof *overrides);
    for (icalcomponent *e = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT); e != NULL;
         e = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)) {
        icalproperty *rid = icalcomponent_get_first_property(e, ICAL_RECURRENCEID_PROPERTY);
        if (rid == NULL || icalcomponent_get_uid(e) == NULL) {
            continue;
        }
        if (n_overrides == capacity) {
            capacity *= 2;
            overrides = realloc(overrides, capacity * sizeof *overrides);
        }
        overrides[n_overrides++] = (Override){icalcomponent_get_uid(e), time_key(icalproperty_get_recurrenceid(rid))};
    }
    qsort(overrides, n_overrides, sizeof *overrides, compare_overrides);

    for (icalcomponent *e = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT); e != NULL;
         e = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)) {
        counts.events++;
        struct icaltimetype start = icalcomponent_get_dtstart(e);
        icalproperty *rrule = icalcomponent_get_first_property(e, ICAL_RRULE_PROPERTY);
        if (rrule == NULL) {
            int64_t k = time_key(start);
            counts.instances += k >= from && k <= end;
            continue;
        }
        counts.series++;
        const char *uid = icalcomponent_get_uid(e);
        icalrecur_iterator *it = icalrecur_iterator_new(icalproperty_get_rrule(rrule), start);
        if (it == NULL) {
            continue;
        }
        long n = 0;
        for (struct icaltimetype t = icalrecur_iterator_next(it); !icaltime_is_null_time(t);
             t = icalrecur_iterator_next(it)) {
            int64_t k = time_key(t);
            if (k > end) {
                break;
            }
            if (++n > MAX_INSTANCES) {
                counts.capped++;
                break;
            }
            if (k >= from && !is_excluded(e, k) && !(uid != NULL && is_overridden(overrides, n_overrides, uid, k))) {
                counts.instances++;
            }
        }
        icalrecur_iterator_free(it);
    }
    free(overrides);
    return counts;
}

int main(int argc, char **argv) {
    int is_parse = argc == 3 && strcmp(argv[1], "parse") == 0;
    int is_expand = argc == 5 && strcmp(argv[1], "expand") == 0;
    if (!is_parse && !is_expand) {
        fprintf(stderr, "usage: %s parse FILE | expand FILE FROM TO   (dates YYYYMMDD)\n", argv[0]);
        return 64;
    }
    int64_t from = is_expand ? parse_day_key(argv[3]) : 0;
    int64_t to = is_expand ? parse_day_key(argv[4]) : 0;
    char *text = read_file(argv[2]);

    double t0 = now_seconds();
    icalcomponent *root = icalparser_parse_string(text);
    double t1 = now_seconds();
    free(text);
    if (root == NULL) {
        fprintf(stderr, "%s: libical parsed nothing\n", argv[2]);
        return 1;
    }
    printf("parse_seconds: %.3f\n", t1 - t0);
    printf("x_lic_errors: %ld\n", count_errors(root));
    printf("vevents: %d\n", icalcomponent_count_components(root, ICAL_VEVENT_COMPONENT));

    if (is_expand) {
        double t2 = now_seconds();
        Counts c = expand(root, from, to);
        double t3 = now_seconds();
        printf("iterate_seconds: %.3f\n", t3 - t2);
        printf("series: %ld\n", c.series);
        printf("instances_in_range: %ld\n", c.instances);
        printf("series_capped: %ld\n", c.capped);
    }
    double t4 = now_seconds();
    icalcomponent_free(root);
    printf("free_seconds: %.3f\n", now_seconds() - t4);
    return 0;
}
