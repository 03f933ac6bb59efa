#!/usr/bin/perl
# Writes the IP-location tests' database (MaxMind DB format) with Debian's
# libmaxmind-db-writer-perl, so no binary fixture lives in the repository.
#   127.0.0.0/8    GeoLite2 City layout, 東京駅 (radius 20 km)
#   10.0.0.0/8     the flat @ip-location-db layout, 大阪・梅田
#   192.0.2.0/24   Paris: outside Japan, so the site must not use it
#   172.16.0.0/12  ソウル, flat layout with country_code KR: inside the rough box around
#                  Japan, but another country
#   2001:db8::/32  GeoLite2 City layout, 札幌 (radius 100 km)
# Usage: write_test_mmdb.pl OUTPUT.mmdb
use strict;
use warnings;
use MaxMind::DB::Writer::Tree;

my $out = shift or die "usage: $0 OUTPUT.mmdb\n";
my %types = (
    location        => 'map',
    latitude        => 'double',
    longitude       => 'double',
    accuracy_radius => 'uint16',
    city            => 'utf8_string',
    country_code    => 'utf8_string',
    country         => 'map',
    iso_code        => 'utf8_string',
);
my $tree = MaxMind::DB::Writer::Tree->new(
    ip_version               => 6,
    record_size              => 24,
    database_type            => 'pokeca-test-city',
    languages                => ['en'],
    description              => { en => 'pokeca IP location test database' },
    map_key_type_callback    => sub { $types{ $_[0] } },
    remove_reserved_networks => 0,
);
$tree->insert_network('::127.0.0.0/104',
    { location => { latitude => 35.6812, longitude => 139.7671, accuracy_radius => 20 },
      country  => { iso_code => 'JP' } });
$tree->insert_network('::10.0.0.0/104',
    { country_code => 'JP', city => 'Osaka', latitude => 34.7025, longitude => 135.4959 });
$tree->insert_network('::172.16.0.0/108',
    { country_code => 'KR', city => 'Seoul', latitude => 37.5665, longitude => 126.9780 });
$tree->insert_network('::192.0.2.0/120',
    { location => { latitude => 48.8566, longitude => 2.3522, accuracy_radius => 50 } });
$tree->insert_network('2001:db8::/32',
    { location => { latitude => 43.0687, longitude => 141.3508, accuracy_radius => 100 } });
open my $fh, '>:raw', $out or die "$out: $!\n";
$tree->write_tree($fh);
close $fh or die "$out: $!\n";
