/* Writes a pair track with tools/collidescope_track.h: a ball of radius 0.25 falls onto
 * a unit box turned by a rotation given as (c, s), 40 frames; from the frame it touches,
 * the "engine" (this program) reports a one-point manifold with id 7. */
#include "collidescope_track.h"

#include <math.h>

int main( int argc, char** argv )
{
	cs_track t;
	float box[8] = { -0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f };
	/* A rotation an engine keeps: not cos and sin of any float angle to the bit. */
	float c = 0x1.fffffep-1f, s = 0x1p-12f;
	int k;
	if ( argc < 2 || cs_track_begin( &t, argv[1], "write_track.c \"test\" 1.0" ) != 0 )
	{
		return 1;
	}
	cs_track_polygon( &t, "box", box, 4, 0.0f );
	cs_track_circle( &t, "ball", 0.25f );
	for ( k = 0; k < 40; ++k )
	{
		float y = 1.5f - 0.025f * (float)k;
		float separation = y - 0.25f - 0.5f;
		cs_manifold m = { { 0.0f, 1.0f }, 1, { { { 0.0f, 0.5f }, 0.0f, 7 }, { { 0.0f, 0.0f }, 0.0f, -1 } } };
		m.points[0].separation = separation;
		cs_track_frame( &t, 0.0f, 0.0f, c, s, 0.0f, y, 1.0f, 0.0f, separation < 0.02f ? &m : NULL );
	}
	return cs_track_end( &t ) == 0 ? 0 : 2;
}
