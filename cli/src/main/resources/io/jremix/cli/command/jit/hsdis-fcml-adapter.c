/*
 * Lets JDK 13 and later use Debian's libhsdis0-fcml. That library exports only the old hsdis entry point,
 * decode_instructions(start, end, ...); HotSpot since JDK 13 looks up decode_instructions_virtual and, without
 * it, prints raw bytes. HotSpot always disassembles code in place (the virtual address is the buffer), so the
 * new entry point maps onto the old one directly. bin/jremix jit compiles this into cli/target/hsdis.
 */
#include <stdint.h>

typedef void *(*event_callback_t)(void *stream, const char *event, void *arg);
typedef int (*printf_callback_t)(void *stream, const char *format, ...);

extern void *decode_instructions(void *start, void *end, event_callback_t event_callback, void *event_stream,
                                 printf_callback_t printf_callback, void *printf_stream, const char *options);

__attribute__((visibility("default")))
void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer, uintptr_t length,
                                  event_callback_t event_callback, void *event_stream,
                                  printf_callback_t printf_callback, void *printf_stream,
                                  const char *options, int newline) {
    (void) start_va;
    (void) end_va;
    (void) newline;
    return decode_instructions(buffer, buffer + length, event_callback, event_stream,
                               printf_callback, printf_stream, options);
}
