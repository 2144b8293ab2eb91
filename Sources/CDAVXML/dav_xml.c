#include "CDAVXML.h"
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// The handler's user data: the caller's callbacks and context.
typedef struct {
    const icskit_xml_callbacks *callbacks;
    void *context;
} reader;

static void on_start(void *data, const xmlChar *localName, const xmlChar *prefix, const xmlChar *uri,
                     int namespaceCount, const xmlChar **namespaces, int attributeCount, int defaultedCount,
                     const xmlChar **attributes) {
    (void)prefix; (void)namespaceCount; (void)namespaces; (void)defaultedCount;
    reader *r = data;
    r->callbacks->start(r->context, localName, uri, attributeCount, attributes);
}

static void on_end(void *data, const xmlChar *localName, const xmlChar *prefix, const xmlChar *uri) {
    (void)localName; (void)prefix; (void)uri;
    reader *r = data;
    r->callbacks->end(r->context);
}

static void on_text(void *data, const xmlChar *bytes, int count) {
    reader *r = data;
    r->callbacks->text(r->context, bytes, count);
}

static void on_error(void *data, xmlErrorPtr error) {
    reader *r = data;
    if (error == NULL || error->level < XML_ERR_ERROR) return;
    r->callbacks->error(r->context, error->message ? error->message : "not well-formed XML", error->line,
                        error->level == XML_ERR_FATAL);
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void set_up(void) { xmlInitParser(); }

void *icskit_xml_create(const icskit_xml_callbacks *callbacks, void *context) {
    pthread_once(&once, set_up);
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = on_start;
    handler.endElementNs = on_end;
    handler.characters = on_text;
    handler.ignorableWhitespace = on_text;
    handler.cdataBlock = on_text;
    handler.serror = on_error;
    reader *r = malloc(sizeof *r);
    if (r == NULL) return NULL;
    r->callbacks = callbacks;
    r->context = context;
    // The handler is copied into the context.
    xmlParserCtxtPtr parser = xmlCreatePushParserCtxt(&handler, r, NULL, 0, NULL);
    if (parser == NULL) { free(r); return NULL; }
    xmlCtxtUseOptions(parser, XML_PARSE_NONET);
    return parser;
}

int icskit_xml_push(void *parser, const char *bytes, int count, int last) {
    return xmlParseChunk(parser, bytes, count, last);
}

int icskit_xml_well_formed(void *parser) { return ((xmlParserCtxtPtr)parser)->wellFormed; }

int icskit_xml_line(void *parser) { return xmlSAX2GetLineNumber(parser); }

void icskit_xml_stop(void *parser) { xmlStopParser(parser); }

void icskit_xml_free(void *parser) {
    xmlParserCtxtPtr p = parser;
    void *r = p->userData;
    // In SAX mode libxml2 still records a document type's entity declarations in a document of
    // its own ("for expat compatibility"), which the context does not free. Nothing reads them:
    // without a getEntity callback a reference to one is "not defined".
    if (p->myDoc != NULL) {
        xmlFreeDoc(p->myDoc);
        p->myDoc = NULL;
    }
    xmlFreeParserCtxt(p);
    free(r);
}
