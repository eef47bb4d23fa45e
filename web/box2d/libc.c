/* The C library functions that Box2D's narrow phase links to, for the web build
 * (wasm32-unknown-unknown has no C library; build.rs compiles this file beside Box2D's
 * sources).
 *
 * Box2D reaches them only to report: its assertion handler writes the failed condition
 * with fprintf(stderr, ...) before it traps, and b2Log formats with vsnprintf. Here the
 * text goes to the browser console through `console_error`, an import that macroquad's
 * page loader (mq_js_bundle.js) provides. The formatting knows the conversions Box2D's
 * messages use (%s, %d, %i, %u, %c, %%); any other conversion is written as it is.
 *
 * The headers are wasi-libc's (Debian's wasi-libc package): only their declarations are
 * used, no wasi-libc code is linked.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* macroquad's page loader: console.error of a NUL-terminated UTF-8 string. */
extern void console_error( const char* text );

/* Any FILE* Box2D names is the console. */
FILE* const stderr = NULL;
FILE* const stdout = NULL;

static size_t put( char* buffer, size_t size, size_t at, char c )
{
	if ( at + 1 < size )
	{
		buffer[at] = c;
	}
	return at + 1;
}

static size_t put_unsigned( char* buffer, size_t size, size_t at, unsigned long value )
{
	char digits[24];
	int n = 0;
	do
	{
		digits[n++] = (char)( '0' + value % 10 );
		value /= 10;
	}
	while ( value != 0 );
	while ( n > 0 )
	{
		at = put( buffer, size, at, digits[--n] );
	}
	return at;
}

int vsnprintf( char* restrict buffer, size_t size, const char* restrict format, va_list args )
{
	size_t at = 0;
	for ( const char* f = format; *f != '\0'; ++f )
	{
		if ( *f != '%' )
		{
			at = put( buffer, size, at, *f );
			continue;
		}
		const char* spec = f++;
		switch ( *f )
		{
			case 's':
			{
				const char* s = va_arg( args, const char* );
				for ( s = s ? s : "(null)"; *s != '\0'; ++s )
				{
					at = put( buffer, size, at, *s );
				}
				break;
			}
			case 'd':
			case 'i':
			{
				int v = va_arg( args, int );
				if ( v < 0 )
				{
					at = put( buffer, size, at, '-' );
				}
				at = put_unsigned( buffer, size, at, v < 0 ? 0ul - (unsigned long)v : (unsigned long)v );
				break;
			}
			case 'u':
				at = put_unsigned( buffer, size, at, va_arg( args, unsigned int ) );
				break;
			case 'c':
				at = put( buffer, size, at, (char)va_arg( args, int ) );
				break;
			case '%':
				at = put( buffer, size, at, '%' );
				break;
			default:
				/* Not one of Box2D's: the conversion as written (its argument unread). */
				for ( ; spec <= f && *spec != '\0'; ++spec )
				{
					at = put( buffer, size, at, *spec );
				}
				if ( *f == '\0' )
				{
					--f;
				}
				break;
		}
	}
	if ( size > 0 )
	{
		buffer[at < size ? at : size - 1] = '\0';
	}
	return (int)at;
}

static int say( const char* format, va_list args )
{
	char text[512];
	int n = vsnprintf( text, sizeof( text ), format, args );
	console_error( text );
	return n;
}

int fprintf( FILE* restrict stream, const char* restrict format, ... )
{
	(void)stream;
	va_list args;
	va_start( args, format );
	int n = say( format, args );
	va_end( args );
	return n;
}

int printf( const char* restrict format, ... )
{
	va_list args;
	va_start( args, format );
	int n = say( format, args );
	va_end( args );
	return n;
}

/* Nothing is buffered: each message went out whole. */
int fflush( FILE* stream )
{
	(void)stream;
	return 0;
}
