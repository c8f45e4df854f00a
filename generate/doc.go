// Package generate plans a post from a prompt: it picks a post format (pattern id) and writes the
// format's content object, which the patterns and templates packages then validate and draw.
//
// Two planners implement Planner:
//
//   - Model asks an OpenAI-compatible chat-completions server for the content in one structured-output
//     call (response_format json_schema, strict) whose schema is built from the catalog's post
//     schemas, validates the answer against the real schemas and, when it is invalid, sends the
//     issues back once for a repair. Failures wrap brandgen.ErrProviderUnavailable.
//   - Offline is deterministic and rule-based: it picks a format from the prompt's words and
//     shapes (numbers, quotes, dates, lists, code, "vs", ...) and builds the content from the
//     prompt's own sentences and list items, within every limit of the format's schema. It is the
//     default when no model is configured.
package generate
