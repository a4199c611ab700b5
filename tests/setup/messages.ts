// Tests hold every message, as the server does (ADR 012): code under test that shows a message
// finds it whichever area it belongs to.
import "../../app/lib/i18n/all-messages.server";
