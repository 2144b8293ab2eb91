#ifndef ICSKIT_CDAVXML_H
#define ICSKIT_CDAVXML_H

/// libxml2's SAX2 push parser behind a plain-C surface (libxml2's own headers include ICU's,
/// which clash with the ICU module that Foundation bundles when Swift imports them).
///
/// The parser reports elements with their namespace, text and CDATA, and errors; nothing else.
/// No document type is loaded and no entity is ever declared, so a reference to any entity but
/// XML's five predefined ones is an error, never an expansion or a read of a file or URL.

/// What the parser calls, each with the `context` given to `icskit_xml_create`. Names and
/// namespace URIs are NUL-terminated UTF-8 from the parser's dictionary: the same name has the
/// same address for the whole parse. `attributes` holds five pointers an attribute: local name,
/// prefix (or NULL), URI (or NULL), and the value's first byte and the byte after its last.
typedef struct icskit_xml_callbacks {
    void (*start)(void *context, const unsigned char *localName, const unsigned char *uri,
                  int attributeCount, const unsigned char **attributes);
    void (*end)(void *context);
    void (*text)(void *context, const unsigned char *bytes, int count);
    /// An error (`fatal` 1) or a recoverable one (0): libxml2's message and the line.
    void (*error)(void *context, const char *message, int line, int fatal);
} icskit_xml_callbacks;

/// A parser, or NULL when libxml2 cannot make one. `callbacks` must outlive it.
void *icskit_xml_create(const icskit_xml_callbacks *callbacks, void *context);
/// Pushes `count` bytes (`last` 1 for the final piece); 0 while the XML is well-formed so far.
int icskit_xml_push(void *parser, const char *bytes, int count, int last);
/// Whether the document read so far is well-formed (1) or not (0).
int icskit_xml_well_formed(void *parser);
/// The line the parser is on.
int icskit_xml_line(void *parser);
/// Stops the parse: no more callbacks.
void icskit_xml_stop(void *parser);
/// Frees the parser.
void icskit_xml_free(void *parser);

#endif
