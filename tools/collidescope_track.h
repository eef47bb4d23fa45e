/* collidescope_track.h — write a Collidescope pair track from C: one pair of shapes over
 * time, per frame the two poses exactly (position and the rotation's cosine and sine)
 * and, if you have it, your engine's contact manifold. Open the file with
 * `collidescope replay TRACK.ron` (the pair's timeline, ours and Box2D's beside yours) or
 * write the pair at a frame as a scene (`--frame K --out pair.ron`).
 *
 * C99, no dependencies but stdio, header only. Numbers are written as hex floats ("%a"),
 * so the file holds your engine's bits. One call per frame:
 *
 *     cs_track t;
 *     float box[8] = { -0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f };
 *     if ( cs_track_begin( &t, "track.ron", "my engine 1.2" ) != 0 ) return 1;
 *     cs_track_polygon( &t, "box", box, 4, 0.0f );   // shape A (local frame)
 *     cs_track_circle( &t, "ball", 0.25f );          // shape B
 *     for ( ... each step ... ) {
 *         cs_manifold m = { { 0.0f, 1.0f }, 1, { { { 0.0f, 0.5f }, -0.01f, 3 } } };
 *         cs_track_frame( &t, ax, ay, ac, as, bx, by, bc, bs, touching ? &m : NULL );
 *     }
 *     cs_track_end( &t );   // 0 when the whole file was written
 *
 * Shapes: cs_track_polygon (counter-clockwise or clockwise points x0, y0, x1, y1, ...,
 * at most 64, rounded by radius), cs_track_circle (centred on the shape's origin),
 * cs_track_capsule, cs_track_segment; exactly two, A then B, before the first frame.
 * The format: the manual's chapter "Recordings and timelines".
 */
#ifndef COLLIDESCOPE_TRACK_H
#define COLLIDESCOPE_TRACK_H

#include <stdio.h>

/* One point of a manifold: world position, separation (negative: overlap), feature id
 * (any number your engine uses; -1 for none). */
typedef struct cs_point
{
	float point[2];
	float separation;
	long id;
} cs_point;

/* A manifold: the normal from A to B (unit), and 0 to 2 points. */
typedef struct cs_manifold
{
	float normal[2];
	int count;
	cs_point points[2];
} cs_manifold;

typedef struct cs_track
{
	FILE* file;
	int shapes;
	long frames;
	int failed;
} cs_track;

/* Opens `path` for writing; 0 on success. */
static inline int cs_track_begin( cs_track* t, const char* path, const char* engine )
{
	const char* c;
	t->shapes = 0;
	t->frames = 0;
	t->failed = 0;
	t->file = fopen( path, "w" );
	if ( t->file == NULL )
	{
		return -1;
	}
	fprintf( t->file, "(\n    version: 1,\n    engine: \"" );
	for ( c = engine; c != NULL && *c != '\0'; ++c )
	{
		/* The name is a RON string: quotes and backslashes escaped, control bytes dropped. */
		if ( *c == '"' || *c == '\\' )
		{
			fputc( '\\', t->file );
		}
		if ( (unsigned char)*c >= 0x20 )
		{
			fputc( *c, t->file );
		}
	}
	fprintf( t->file, "\",\n" );
	return 0;
}

static inline void cs_track__name( cs_track* t, const char* name )
{
	const char* c;
	fprintf( t->file, "    %s: (name: \"", t->shapes == 0 ? "a" : "b" );
	for ( c = name; c != NULL && *c != '\0'; ++c )
	{
		if ( *c == '"' || *c == '\\' )
		{
			fputc( '\\', t->file );
		}
		if ( (unsigned char)*c >= 0x20 )
		{
			fputc( *c, t->file );
		}
	}
	fprintf( t->file, "\", geometry: " );
}

static inline int cs_track__shape_done( cs_track* t )
{
	fprintf( t->file, "),\n" );
	t->shapes += 1;
	if ( t->shapes == 2 )
	{
		fprintf( t->file, "    frames: [\n" );
	}
	return 0;
}

static inline int cs_track__can_add_shape( cs_track* t )
{
	if ( t->file == NULL || t->shapes >= 2 )
	{
		t->failed = 1;
		return 0;
	}
	return 1;
}

static inline int cs_track_polygon( cs_track* t, const char* name, const float* xy, int count, float radius )
{
	int i;
	if ( !cs_track__can_add_shape( t ) || count < 1 || count > 64 )
	{
		t->failed = 1;
		return -1;
	}
	cs_track__name( t, name );
	fprintf( t->file, "Polygon(points: [" );
	for ( i = 0; i < count; ++i )
	{
		fprintf( t->file, "%s(%a, %a)", i == 0 ? "" : ", ", (double)xy[2 * i], (double)xy[2 * i + 1] );
	}
	fprintf( t->file, "], radius: %a)", (double)radius );
	return cs_track__shape_done( t );
}

static inline int cs_track_circle( cs_track* t, const char* name, float radius )
{
	if ( !cs_track__can_add_shape( t ) )
	{
		return -1;
	}
	cs_track__name( t, name );
	fprintf( t->file, "Circle(radius: %a)", (double)radius );
	return cs_track__shape_done( t );
}

static inline int cs_track_capsule( cs_track* t, const char* name, float ax, float ay, float bx, float by, float radius )
{
	if ( !cs_track__can_add_shape( t ) )
	{
		return -1;
	}
	cs_track__name( t, name );
	fprintf( t->file, "Capsule(a: (%a, %a), b: (%a, %a), radius: %a)", (double)ax, (double)ay, (double)bx, (double)by,
			 (double)radius );
	return cs_track__shape_done( t );
}

static inline int cs_track_segment( cs_track* t, const char* name, float ax, float ay, float bx, float by )
{
	if ( !cs_track__can_add_shape( t ) )
	{
		return -1;
	}
	cs_track__name( t, name );
	fprintf( t->file, "Segment(a: (%a, %a), b: (%a, %a))", (double)ax, (double)ay, (double)bx, (double)by );
	return cs_track__shape_done( t );
}

/* One frame: A at (ax, ay) turned by (ac, as) = (cos, sin), B likewise; the manifold or
 * NULL. */
static inline int cs_track_frame( cs_track* t, float ax, float ay, float ac, float as, float bx, float by, float bc, float bs,
						   const cs_manifold* m )
{
	int i;
	if ( t->file == NULL || t->shapes != 2 )
	{
		t->failed = 1;
		return -1;
	}
	fprintf( t->file, "        (a: ((%a, %a), (%a, %a)), b: ((%a, %a), (%a, %a))", (double)ax, (double)ay, (double)ac,
			 (double)as, (double)bx, (double)by, (double)bc, (double)bs );
	if ( m != NULL )
	{
		fprintf( t->file, ", manifold: (normal: (%a, %a), points: [", (double)m->normal[0], (double)m->normal[1] );
		for ( i = 0; i < m->count && i < 2; ++i )
		{
			fprintf( t->file, "%s(point: (%a, %a), separation: %a", i == 0 ? "" : ", ", (double)m->points[i].point[0],
					 (double)m->points[i].point[1], (double)m->points[i].separation );
			if ( m->points[i].id >= 0 )
			{
				fprintf( t->file, ", id: %ld", m->points[i].id );
			}
			fprintf( t->file, ")" );
		}
		fprintf( t->file, "])" );
	}
	fprintf( t->file, "),\n" );
	t->frames += 1;
	return 0;
}

/* Closes the track; 0 when everything was written. */
static inline int cs_track_end( cs_track* t )
{
	int bad;
	if ( t->file == NULL )
	{
		return -1;
	}
	if ( t->shapes == 2 )
	{
		fprintf( t->file, "    ],\n)\n" );
	}
	bad = t->failed || t->shapes != 2 || ferror( t->file );
	if ( fclose( t->file ) != 0 )
	{
		bad = 1;
	}
	t->file = NULL;
	return bad ? -1 : 0;
}

#endif
