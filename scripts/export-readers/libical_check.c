/* Parses each file given with libical (icalparser_parse_string) and prints, per file, the number
 * of components and of X-LIC-ERROR properties libical attached (its parse errors). Exit 0. */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = 0;
    fclose(f);
    return buf;
}

static void count(icalcomponent *c, int *components, int *errors) {
    (*components)++;
    *errors += icalcomponent_count_properties(c, ICAL_XLICERROR_PROPERTY);
    for (icalcomponent *k = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT); k;
         k = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT))
        count(k, components, errors);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        char *text = slurp(argv[i]);
        if (!text) { printf("%s\tunreadable\n", argv[i]); continue; }
        icalcomponent *root = icalparser_parse_string(text);
        int components = 0, errors = 0;
        if (root) {
            count(root, &components, &errors);
            icalcomponent_free(root);
        }
        printf("%s\t%d\t%d\n", argv[i], components, errors);
        free(text);
    }
    return 0;
}
