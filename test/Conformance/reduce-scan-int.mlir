// Integer tile.reduce and tile.scan on i8, i16 and i64 (docs/Semantics.md
// sections 3.8 and 4: integer combiners are exact and wrap in the element
// type). Each row of a 2 x 64 tile holds x = 64 r + c scaled by a large odd
// constant plus an offset, wrapped to the type, so every bit takes part.
// Reductions along axis 1: addi, muli, maxsi, minsi, maxui, minui, andi,
// ori, xori; along axis 0: addi; an inclusive addi scan along axis 1 and a
// reverse maxsi scan. Expected values from a two's-complement model of those
// rules, lane by lane, not from the interpreter; a second run on random
// inputs is compared with the interpreter.

// RUN: tile-check %s --kernel reduce_scan_i8 --grid 1 --arg buf:i8:128:iota --arg buf:i8:18:poison --arg buf:i8:64:poison --arg buf:i8:256:poison \
// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=I8
// addi | muli | maxsi | minsi | maxui | minui | andi | ori | xori per row
// I8: reference #1 (i8 x 18):
// I8-SAME: 96 96 0 0 125 127 -128 -126 -2 -9 11 1 0 0 -1 -1 -128 -128
// sums along axis 0
// I8: reference #2 (i8 x 64):
// I8-SAME: 120 -62 12 86 -96 -22 52 126 -56 18 92 -90 -16 58 -124 -50
// I8-SAME: 24 98 -84 -10 64 -118 -44 30 104 -78 -4 70 -112 -38 36 110
// I8-SAME: -72 2 76 -106 -32 42 116 -66 8 82 -100 -26 48 122 -60 14
// I8-SAME: 88 -94 -20 54 -128 -54 20 94 -88 -14 60 -122 -48 26 100 -82
// inclusive addi scans | reverse maxsi scans, per row
// I8: reference #3 (i8 x 256):
// I8-SAME: -100 93 67 78 126 -45 77 -20 -80 -103 -89 -38 50 -81 81 24
// I8-SAME: 4 21 75 -90 38 -53 -107 -124 -104 -47 47 -78 90 39 25 48
// I8-SAME: 108 -51 83 -2 -50 -61 -35 28 -128 9 -73 -118 -126 -97 -31 72
// I8-SAME: -44 -123 91 86 118 -69 37 -76 104 65 63 98 -86 23 -87 96
// I8-SAME: -36 -35 3 78 -66 83 13 -20 -16 25 103 -38 114 47 17 24
// I8-SAME: 68 -107 11 -90 102 75 85 -124 -40 81 -17 -78 -102 -89 -39 48
// I8-SAME: -84 77 19 -2 14 67 -99 28 -64 -119 119 -118 -62 31 -95 72
// I8-SAME: 20 5 27 86 -74 59 -27 -76 -88 -63 -1 98 -22 -105 105 96
// I8-SAME: 125 125 125 125 125 125 125 125 125 125 125 125 125 125 109 109
// I8-SAME: 109 109 109 109 109 109 109 109 109 109 109 109 109 109 109 109
// I8-SAME: 109 109 109 109 109 109 109 109 109 109 109 109 109 109 109 109
// I8-SAME: 109 109 109 109 109 109 109 109 109 109 109 109 109 109 -73 -73
// I8-SAME: 127 127 127 127 127 127 127 127 127 127 127 127 127 127 127 127
// I8-SAME: 127 127 127 127 127 127 127 127 127 127 127 127 127 127 127 127
// I8-SAME: 127 127 127 127 127 127 127 127 99 99 99 99 99 99 99 99
// I8-SAME: 99 99 99 99 99 99 99 99 99 99 99 99 -9 -9 -9 -9
// I8: tile-check: PASS @reduce_scan_i8 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel reduce_scan_i8 --grid 1 --arg buf:i8:128:rand=7 \
// RUN:   --arg buf:i8:18:poison --arg buf:i8:64:poison --arg buf:i8:256:poison \
// RUN:   --targets cpu | FileCheck %s --check-prefix=I8-RAND
// I8-RAND: tile-check: PASS @reduce_scan_i8 (cpu: 4 buffers match)

// RUN: tile-check %s --kernel reduce_scan_i16 --grid 1 --arg buf:i16:128:iota --arg buf:i16:18:poison --arg buf:i16:64:poison --arg buf:i16:256:poison \
// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=I16
// addi | muli | maxsi | minsi | maxui | minui | andi | ori | xori per row
// I16: reference #1 (i16 x 18):
// I16-SAME: -31904 -11424 0 0 31690 31702 -32423 -32411 -1075 -1069 348 354 0 0 -1 -1 15232 21120
// sums along axis 0
// I16: reference #2 (i16 x 64):
// I16-SAME: -13552 6394 26340 -19250 696 20642 -24948 -5002 14944 -30646 -10700 9246 29192 -16398 3548 23494
// I16-SAME: -22096 -2150 17796 -27794 -7848 12098 32044 -13546 6400 26346 -19244 702 20648 -24942 -4996 14950
// I16-SAME: -30640 -10694 9252 29198 -16392 3554 23500 -22090 -2144 17802 -27788 -7842 12104 32050 -13540 6406
// I16-SAME: 26352 -19238 708 20654 -24936 -4990 14956 -30634 -10688 9258 29204 -16386 3560 23506 -22084 -2138
// inclusive addi scans | reverse maxsi scans, per row
// I16: reference #3 (i16 x 256):
// I16-SAME: -31000 13509 2455 1374 10266 29131 -7567 31244 14492 7713 10907 24074 -18322 14791 -7659 -20136
// I16-SAME: -22640 -15171 2271 29686 1538 -16637 -24839 -23068 -11324 10393 -23453 18210 4310 383 6429 22448
// I16-SAME: -17096 18869 -729 -10354 -10006 315 20609 -14660 25580 10257 4907 9530 24126 -16841 17701 -3320
// I16-SAME: -14368 -15443 -6545 12326 -24366 14451 -2295 -9068 -5868 7305 30451 -1966 -24410 28655 26157 -31904
// I16-SAME: 17448 -20667 16727 -1442 -9638 -7861 3889 25612 -8228 -32095 19547 15626 21678 -27833 -1835 -31400
// I16-SAME: 14544 4925 5279 15606 -29630 643 -24647 25572 20228 24857 -26077 -1502 -32490 12031 989 -80
// I16-SAME: 8824 27701 -8985 29838 13098 6331 9537 22716 -19668 13457 -8981 -21446 -23938 -16457 997 28424
// I16-SAME: 288 -17875 -26065 -24282 -12526 9203 -24631 17044 3156 -759 5299 21330 -18202 17775 -1811 -11424
// I16-SAME: 31690 31690 31690 31690 31690 31690 31690 31690 31690 31690 31690 31690 31690 31690 31690 31690
// I16-SAME: 31690 31690 31690 31690 31690 31690 31690 31690 31690 31690 31690 30267 30267 30267 30267 30267
// I16-SAME: 30267 30267 30267 30267 30267 30267 30267 30267 28844 28844 28844 28844 28844 28844 28844 28844
// I16-SAME: 28844 28844 28844 28844 28844 23146 23146 23146 23146 23146 23146 7475 7475 7475 7475 7475
// I16-SAME: 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702
// I16-SAME: 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702
// I16-SAME: 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702 31702
// I16-SAME: 31702 31702 31702 31702 31702 31702 31702 26004 26004 26004 26004 26004 26004 -9613 -9613 -9613
// I16: tile-check: PASS @reduce_scan_i16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel reduce_scan_i16 --grid 1 --arg buf:i16:128:rand=7 \
// RUN:   --arg buf:i16:18:poison --arg buf:i16:64:poison --arg buf:i16:256:poison \
// RUN:   --targets cpu | FileCheck %s --check-prefix=I16-RAND
// I16-RAND: tile-check: PASS @reduce_scan_i16 (cpu: 4 buffers match)

// RUN: tile-check %s --kernel reduce_scan_i64 --grid 1 --arg buf:i64:128:iota --arg buf:i64:18:poison --arg buf:i64:64:poison --arg buf:i64:256:poison \
// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=I64
// addi | muli | maxsi | minsi | maxui | minui | andi | ori | xori per row
// I64: reference #1 (i64 x 18):
// I64-SAME: -802040086532377696 7816609302413476768 -9223372036854775808 0 9087710737908327880 9180405603647654165
// I64-SAME: -9116355026713059182 -8873676717624894628 -14322144402365651 -164305587751203920 378339608034637172 78372721336960634
// I64-SAME: 0 0 -1 -1 -76091152772673856 -7557456887984913344
// sums along axis 0
// I64: reference #2 (i64 x 64):
// I64-SAME: 999357525157438898 5354043090094284252 -8738015418678422010 -4383329853741576656
// I64-SAME: -28644288804731302 4326041276132114052 8680726841068959406 -5411331667703746856
// I64-SAME: -1056646102766901502 3298039462169943852 7652725027106789206 -6439333481665917056
// I64-SAME: -2084647916729071702 2270037648207773652 6624723213144619006 -7467335295628087256
// I64-SAME: -3112649730691241902 1242035834245603452 5596721399182448806 -8495337109590257456
// I64-SAME: -4140651544653412102 214034020283433252 4568719585220278606 8923405150157123960
// I64-SAME: -5168653358615582302 -813967793678736948 3540717771258108406 7895403336194953760
// I64-SAME: -6196655172577752502 -1841969607640907148 2512715957295938206 6867401522232783560
// I64-SAME: -7224656986539922702 -2869971421603077348 1484714143333768006 5839399708270613360
// I64-SAME: -8252658800502092902 -3897973235565247548 456712329371597806 4811397894308443160
// I64-SAME: 9166083459245288514 -4925975049527417748 -571289484590572394 3783396080346272960
// I64-SAME: 8138081645283118314 -5953976863489587948 -1599291298552742594 2755394266384102760
// I64-SAME: 7110079831320948114 -6981978677451758148 -2627293112514912794 1727392452421932560
// I64-SAME: 6082078017358777914 -8009980491413928348 -3655294926477082994 699390638459762360
// I64-SAME: 5054076203396607714 -9037982305376098548 -4683296740439253194 -328611175502407840
// I64-SAME: 4026074389434437514 8380759954371282868 -5711298554401423394 -1356612989464578040
// inclusive addi scans | reverse maxsi scans, per row
// I64: reference #3 (i64 x 256):
// I64-SAME: -4611686018427375559 2177342782468447367 1920342328977917162 -5382687378898966174
// I64-SAME: -1285002267452651025 -4233346410392689007 4219024265990471496 5625365687987278868
// I64-SAME: -14322144402266891 5746704842531385835 4461702575078685430 -3869328946760368106
// I64-SAME: -799645649276223157 -4775991606178431339 2648377256242558964 3026716864277196136
// I64-SAME: -3640972782074519823 1092052390896962703 -1220951690517907902 7866759047390419978
// I64-SAME: -8538303542797156889 4904092760048016345 -7146284265202715168 -7795946471130248196
// I64-SAME: 2955106142265417261 6660129501274729587 3319123605897688782 -7067911543865705154
// I64-SAME: -6054231874305900605 6360162614577102429 -6718216224635799284 -8395880244525502512
// I64-SAME: 1327170554907992745 4004192099955134871 -364815609384076134 6666891500599911346
// I64-SAME: 6652569356197545695 -407782042591173087 3932581377943306616 1226915544091433188
// I64-SAME: -8524779544146793371 -6875759813061821445 6173974737346348966 -6269064040341385370
// I64-SAME: -7311387998705921221 3047002862252741413 6359364468825050916 2625696821011007288
// I64-SAME: -8154000081189389471 -7532982164066587745 4488750572379412466 -8982290019270492070
// I64-SAME: 7394128282112353495 -1722226744600705687 562133048009433616 -4199536413766780212
// I64-SAME: 2439508943780204445 2032525046940835971 -5420488104284885634 -1472786436187408754
// I64-SAME: -4571114022476285005 3731273210558037229 4987631189206006332 -802040086532377696
// I64-SAME: 5611043543584814457 4176057832783275783 -4304957132404616022 -1385257278269309342
// I64-SAME: -5511586678520355793 1762798740551796241 1991154905237595144 -4826518184462959084
// I64-SAME: -243476454840314827 -2706463979604023701 6231263314955465910 8122961355128602390
// I64-SAME: 2968630140915385739 9215013746025367573 8415368096748996276 569693193086271848
// I64-SAME: 4124733108746745905 633743770020866831 8543469250618186242 -9039578596880399094
// I64-SAME: 3224832448653765671 8443214239801577305 6615566776563035808 -2258109941061858820
// I64-SAME: 268928160636445037 -4250062992051604237 2631660674583544974 2467355086832341054
// I64-SAME: -4742979755305215997 -552599778119574563 -3408249055320286260 5136816486802200528
// I64-SAME: 6635852774538334185 1088859807888114711 6942581660561093722 5750274258847719602
// I64-SAME: -2488062397252007649 674315765971463585 -3209335325191418312 4307728402968898276
// I64-SAME: 4778762876742861733 -1796231903869527941 3029488134841280870 809178919165736550
// I64-SAME: -8457159550896160901 -6322783201634859867 7212307966949639652 -4745374192561765576
// I64-SAME: -5302341532749972319 5541405946385019423 -9107619902575893582 6090813141495943514
// I64-SAME: -4203527142528124137 -3097152607228993303 -9036807326316215600 -3575747226080239412
// I64-SAME: -5160716380230616355 4655029284942205187 7424745695728673598 3148432852128788878
// I64-SAME: -8173909245857448973 -8095536524520488339 3383551016139670780 7816609302413476768
// I64-SAME: 9087710737908327880 9087710737908327880 9087710737908327880 9087710737908327880
// I64-SAME: 9087710737908327880 9087710737908327880 9087710737908327880 9087710737908327880
// I64-SAME: 9087710737908327880 9087710737908327880 9087710737908327880 9087710737908327880
// I64-SAME: 9087710737908327880 9087710737908327880 9087710737908327880 9087710737908327880
// I64-SAME: 9087710737908327880 9087710737908327880 9087710737908327880 9087710737908327880
// I64-SAME: 8695048985471325057 8695048985471325057 8695048985471325057 8695048985471325057
// I64-SAME: 8695048985471325057 8695048985471325057 8695048985471325057 8695048985471325057
// I64-SAME: 8695048985471325057 8695048985471325057 8695048985471325057 8695048985471325057
// I64-SAME: 8695048985471325057 8695048985471325057 8695048985471325057 8695048985471325057
// I64-SAME: 8695048985471325057 8695048985471325057 8695048985471325057 8695048985471325057
// I64-SAME: 8695048985471325057 8302387233034322234 8302387233034322234 8302387233034322234
// I64-SAME: 8302387233034322234 8302387233034322234 8302387233034322234 8302387233034322234
// I64-SAME: 8302387233034322234 8302387233034322234 8302387233034322234 8302387233034322234
// I64-SAME: 8302387233034322234 8302387233034322234 8302387233034322234 8302387233034322234
// I64-SAME: 8302387233034322234 8302387233034322234 8302387233034322234 8302387233034322234
// I64-SAME: 8302387233034322234 8302387233034322234 1256357978647969103 -5789671275738384028
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 9180405603647654165 9180405603647654165 9180405603647654165
// I64-SAME: 9180405603647654165 8152403789685483965 8152403789685483965 8152403789685483965
// I64-SAME: 8152403789685483965 8152403789685483965 8152403789685483965 8152403789685483965
// I64-SAME: 8152403789685483965 7124401975723313765 7124401975723313765 7124401975723313765
// I64-SAME: 7124401975723313765 7124401975723313765 7124401975723313765 7124401975723313765
// I64-SAME: 7124401975723313765 4433058286273805988 4433058286273805988 4433058286273805988
// I64: tile-check: PASS @reduce_scan_i64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})
// RUN: tile-check %s --kernel reduce_scan_i64 --grid 1 --arg buf:i64:128:rand=7 \
// RUN:   --arg buf:i64:18:poison --arg buf:i64:64:poison --arg buf:i64:256:poison \
// RUN:   --targets cpu | FileCheck %s --check-prefix=I64-RAND
// I64-RAND: tile-check: PASS @reduce_scan_i64 (cpu: 4 buffers match)

tile.func @reduce_scan_i8(%in: !tile.ptr<i8>, %out: !tile.ptr<i8>, %cols: !tile.ptr<i8>, %scans: !tile.ptr<i8>) {
  %i = tile.range 0 to 128 : tensor<128xi32>
  %pb = tile.splat %in : tensor<128x!tile.ptr<i8>>
  %pp = tile.addptr %pb, %i : tensor<128x!tile.ptr<i8>>, tensor<128xi32>
  %raw = tile.load %pp : tensor<128x!tile.ptr<i8>>
  %scale = arith.constant dense<37> : tensor<128xi8>
  %offset = arith.constant dense<-100> : tensor<128xi8>
  %scaled = arith.muli %raw, %scale : tensor<128xi8>
  %flat = arith.addi %scaled, %offset : tensor<128xi8>
  %x = tile.reshape %flat : tensor<128xi8> -> tensor<2x64xi8>
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %c2 = arith.constant dense<2> : tensor<2xi32>
  %ob = tile.splat %out : tensor<2x!tile.ptr<i8>>
  %o0 = tile.addptr %ob, %r2 : tensor<2x!tile.ptr<i8>>, tensor<2xi32>
  %red0 = tile.reduce(%x) axis = 1 : tensor<2x64xi8> -> tensor<2xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.addi %p, %q : i8
    tile.yield %s : i8
  }
  tile.store %o0, %red0 : tensor<2x!tile.ptr<i8>>
  %red1 = tile.reduce(%x) axis = 1 : tensor<2x64xi8> -> tensor<2xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.muli %p, %q : i8
    tile.yield %s : i8
  }
  %o1 = tile.addptr %o0, %c2 : tensor<2x!tile.ptr<i8>>, tensor<2xi32>
  tile.store %o1, %red1 : tensor<2x!tile.ptr<i8>>
  %red2 = tile.reduce(%x) axis = 1 : tensor<2x64xi8> -> tensor<2xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.maxsi %p, %q : i8
    tile.yield %s : i8
  }
  %o2 = tile.addptr %o1, %c2 : tensor<2x!tile.ptr<i8>>, tensor<2xi32>
  tile.store %o2, %red2 : tensor<2x!tile.ptr<i8>>
  %red3 = tile.reduce(%x) axis = 1 : tensor<2x64xi8> -> tensor<2xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.minsi %p, %q : i8
    tile.yield %s : i8
  }
  %o3 = tile.addptr %o2, %c2 : tensor<2x!tile.ptr<i8>>, tensor<2xi32>
  tile.store %o3, %red3 : tensor<2x!tile.ptr<i8>>
  %red4 = tile.reduce(%x) axis = 1 : tensor<2x64xi8> -> tensor<2xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.maxui %p, %q : i8
    tile.yield %s : i8
  }
  %o4 = tile.addptr %o3, %c2 : tensor<2x!tile.ptr<i8>>, tensor<2xi32>
  tile.store %o4, %red4 : tensor<2x!tile.ptr<i8>>
  %red5 = tile.reduce(%x) axis = 1 : tensor<2x64xi8> -> tensor<2xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.minui %p, %q : i8
    tile.yield %s : i8
  }
  %o5 = tile.addptr %o4, %c2 : tensor<2x!tile.ptr<i8>>, tensor<2xi32>
  tile.store %o5, %red5 : tensor<2x!tile.ptr<i8>>
  %red6 = tile.reduce(%x) axis = 1 : tensor<2x64xi8> -> tensor<2xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.andi %p, %q : i8
    tile.yield %s : i8
  }
  %o6 = tile.addptr %o5, %c2 : tensor<2x!tile.ptr<i8>>, tensor<2xi32>
  tile.store %o6, %red6 : tensor<2x!tile.ptr<i8>>
  %red7 = tile.reduce(%x) axis = 1 : tensor<2x64xi8> -> tensor<2xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.ori %p, %q : i8
    tile.yield %s : i8
  }
  %o7 = tile.addptr %o6, %c2 : tensor<2x!tile.ptr<i8>>, tensor<2xi32>
  tile.store %o7, %red7 : tensor<2x!tile.ptr<i8>>
  %red8 = tile.reduce(%x) axis = 1 : tensor<2x64xi8> -> tensor<2xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.xori %p, %q : i8
    tile.yield %s : i8
  }
  %o8 = tile.addptr %o7, %c2 : tensor<2x!tile.ptr<i8>>, tensor<2xi32>
  tile.store %o8, %red8 : tensor<2x!tile.ptr<i8>>
  %sum0 = tile.reduce(%x) axis = 0 : tensor<2x64xi8> -> tensor<64xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.addi %p, %q : i8
    tile.yield %s : i8
  }
  %cb = tile.splat %cols : tensor<64x!tile.ptr<i8>>
  %cp = tile.addptr %cb, %r64 : tensor<64x!tile.ptr<i8>>, tensor<64xi32>
  tile.store %cp, %sum0 : tensor<64x!tile.ptr<i8>>
  %scan = tile.scan(%x) axis = 1 : tensor<2x64xi8> -> tensor<2x64xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.addi %p, %q : i8
    tile.yield %s : i8
  }
  %rscan = tile.scan(%x) axis = 1 reverse : tensor<2x64xi8> -> tensor<2x64xi8> {
  ^bb0(%p: i8, %q: i8):
    %s = arith.maxsi %p, %q : i8
    tile.yield %s : i8
  }
  %sf = tile.reshape %scan : tensor<2x64xi8> -> tensor<128xi8>
  %rf = tile.reshape %rscan : tensor<2x64xi8> -> tensor<128xi8>
  %sb = tile.splat %scans : tensor<128x!tile.ptr<i8>>
  %sp = tile.addptr %sb, %i : tensor<128x!tile.ptr<i8>>, tensor<128xi32>
  tile.store %sp, %sf : tensor<128x!tile.ptr<i8>>
  %c128 = arith.constant dense<128> : tensor<128xi32>
  %sp2 = tile.addptr %sp, %c128 : tensor<128x!tile.ptr<i8>>, tensor<128xi32>
  tile.store %sp2, %rf : tensor<128x!tile.ptr<i8>>
  tile.return
}

tile.func @reduce_scan_i16(%in: !tile.ptr<i16>, %out: !tile.ptr<i16>, %cols: !tile.ptr<i16>, %scans: !tile.ptr<i16>) {
  %i = tile.range 0 to 128 : tensor<128xi32>
  %pb = tile.splat %in : tensor<128x!tile.ptr<i16>>
  %pp = tile.addptr %pb, %i : tensor<128x!tile.ptr<i16>>, tensor<128xi32>
  %raw = tile.load %pp : tensor<128x!tile.ptr<i16>>
  %scale = arith.constant dense<9973> : tensor<128xi16>
  %offset = arith.constant dense<-31000> : tensor<128xi16>
  %scaled = arith.muli %raw, %scale : tensor<128xi16>
  %flat = arith.addi %scaled, %offset : tensor<128xi16>
  %x = tile.reshape %flat : tensor<128xi16> -> tensor<2x64xi16>
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %c2 = arith.constant dense<2> : tensor<2xi32>
  %ob = tile.splat %out : tensor<2x!tile.ptr<i16>>
  %o0 = tile.addptr %ob, %r2 : tensor<2x!tile.ptr<i16>>, tensor<2xi32>
  %red0 = tile.reduce(%x) axis = 1 : tensor<2x64xi16> -> tensor<2xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.addi %p, %q : i16
    tile.yield %s : i16
  }
  tile.store %o0, %red0 : tensor<2x!tile.ptr<i16>>
  %red1 = tile.reduce(%x) axis = 1 : tensor<2x64xi16> -> tensor<2xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.muli %p, %q : i16
    tile.yield %s : i16
  }
  %o1 = tile.addptr %o0, %c2 : tensor<2x!tile.ptr<i16>>, tensor<2xi32>
  tile.store %o1, %red1 : tensor<2x!tile.ptr<i16>>
  %red2 = tile.reduce(%x) axis = 1 : tensor<2x64xi16> -> tensor<2xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.maxsi %p, %q : i16
    tile.yield %s : i16
  }
  %o2 = tile.addptr %o1, %c2 : tensor<2x!tile.ptr<i16>>, tensor<2xi32>
  tile.store %o2, %red2 : tensor<2x!tile.ptr<i16>>
  %red3 = tile.reduce(%x) axis = 1 : tensor<2x64xi16> -> tensor<2xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.minsi %p, %q : i16
    tile.yield %s : i16
  }
  %o3 = tile.addptr %o2, %c2 : tensor<2x!tile.ptr<i16>>, tensor<2xi32>
  tile.store %o3, %red3 : tensor<2x!tile.ptr<i16>>
  %red4 = tile.reduce(%x) axis = 1 : tensor<2x64xi16> -> tensor<2xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.maxui %p, %q : i16
    tile.yield %s : i16
  }
  %o4 = tile.addptr %o3, %c2 : tensor<2x!tile.ptr<i16>>, tensor<2xi32>
  tile.store %o4, %red4 : tensor<2x!tile.ptr<i16>>
  %red5 = tile.reduce(%x) axis = 1 : tensor<2x64xi16> -> tensor<2xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.minui %p, %q : i16
    tile.yield %s : i16
  }
  %o5 = tile.addptr %o4, %c2 : tensor<2x!tile.ptr<i16>>, tensor<2xi32>
  tile.store %o5, %red5 : tensor<2x!tile.ptr<i16>>
  %red6 = tile.reduce(%x) axis = 1 : tensor<2x64xi16> -> tensor<2xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.andi %p, %q : i16
    tile.yield %s : i16
  }
  %o6 = tile.addptr %o5, %c2 : tensor<2x!tile.ptr<i16>>, tensor<2xi32>
  tile.store %o6, %red6 : tensor<2x!tile.ptr<i16>>
  %red7 = tile.reduce(%x) axis = 1 : tensor<2x64xi16> -> tensor<2xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.ori %p, %q : i16
    tile.yield %s : i16
  }
  %o7 = tile.addptr %o6, %c2 : tensor<2x!tile.ptr<i16>>, tensor<2xi32>
  tile.store %o7, %red7 : tensor<2x!tile.ptr<i16>>
  %red8 = tile.reduce(%x) axis = 1 : tensor<2x64xi16> -> tensor<2xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.xori %p, %q : i16
    tile.yield %s : i16
  }
  %o8 = tile.addptr %o7, %c2 : tensor<2x!tile.ptr<i16>>, tensor<2xi32>
  tile.store %o8, %red8 : tensor<2x!tile.ptr<i16>>
  %sum0 = tile.reduce(%x) axis = 0 : tensor<2x64xi16> -> tensor<64xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.addi %p, %q : i16
    tile.yield %s : i16
  }
  %cb = tile.splat %cols : tensor<64x!tile.ptr<i16>>
  %cp = tile.addptr %cb, %r64 : tensor<64x!tile.ptr<i16>>, tensor<64xi32>
  tile.store %cp, %sum0 : tensor<64x!tile.ptr<i16>>
  %scan = tile.scan(%x) axis = 1 : tensor<2x64xi16> -> tensor<2x64xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.addi %p, %q : i16
    tile.yield %s : i16
  }
  %rscan = tile.scan(%x) axis = 1 reverse : tensor<2x64xi16> -> tensor<2x64xi16> {
  ^bb0(%p: i16, %q: i16):
    %s = arith.maxsi %p, %q : i16
    tile.yield %s : i16
  }
  %sf = tile.reshape %scan : tensor<2x64xi16> -> tensor<128xi16>
  %rf = tile.reshape %rscan : tensor<2x64xi16> -> tensor<128xi16>
  %sb = tile.splat %scans : tensor<128x!tile.ptr<i16>>
  %sp = tile.addptr %sb, %i : tensor<128x!tile.ptr<i16>>, tensor<128xi32>
  tile.store %sp, %sf : tensor<128x!tile.ptr<i16>>
  %c128 = arith.constant dense<128> : tensor<128xi32>
  %sp2 = tile.addptr %sp, %c128 : tensor<128x!tile.ptr<i16>>, tensor<128xi32>
  tile.store %sp2, %rf : tensor<128x!tile.ptr<i16>>
  tile.return
}

tile.func @reduce_scan_i64(%in: !tile.ptr<i64>, %out: !tile.ptr<i64>, %cols: !tile.ptr<i64>, %scans: !tile.ptr<i64>) {
  %i = tile.range 0 to 128 : tensor<128xi32>
  %pb = tile.splat %in : tensor<128x!tile.ptr<i64>>
  %pp = tile.addptr %pb, %i : tensor<128x!tile.ptr<i64>>, tensor<128xi32>
  %raw = tile.load %pp : tensor<128x!tile.ptr<i64>>
  %scale = arith.constant dense<-7046029254386353131> : tensor<128xi64>
  %offset = arith.constant dense<-4611686018427375559> : tensor<128xi64>
  %scaled = arith.muli %raw, %scale : tensor<128xi64>
  %flat = arith.addi %scaled, %offset : tensor<128xi64>
  %x = tile.reshape %flat : tensor<128xi64> -> tensor<2x64xi64>
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %c2 = arith.constant dense<2> : tensor<2xi32>
  %ob = tile.splat %out : tensor<2x!tile.ptr<i64>>
  %o0 = tile.addptr %ob, %r2 : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  %red0 = tile.reduce(%x) axis = 1 : tensor<2x64xi64> -> tensor<2xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.addi %p, %q : i64
    tile.yield %s : i64
  }
  tile.store %o0, %red0 : tensor<2x!tile.ptr<i64>>
  %red1 = tile.reduce(%x) axis = 1 : tensor<2x64xi64> -> tensor<2xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.muli %p, %q : i64
    tile.yield %s : i64
  }
  %o1 = tile.addptr %o0, %c2 : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  tile.store %o1, %red1 : tensor<2x!tile.ptr<i64>>
  %red2 = tile.reduce(%x) axis = 1 : tensor<2x64xi64> -> tensor<2xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.maxsi %p, %q : i64
    tile.yield %s : i64
  }
  %o2 = tile.addptr %o1, %c2 : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  tile.store %o2, %red2 : tensor<2x!tile.ptr<i64>>
  %red3 = tile.reduce(%x) axis = 1 : tensor<2x64xi64> -> tensor<2xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.minsi %p, %q : i64
    tile.yield %s : i64
  }
  %o3 = tile.addptr %o2, %c2 : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  tile.store %o3, %red3 : tensor<2x!tile.ptr<i64>>
  %red4 = tile.reduce(%x) axis = 1 : tensor<2x64xi64> -> tensor<2xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.maxui %p, %q : i64
    tile.yield %s : i64
  }
  %o4 = tile.addptr %o3, %c2 : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  tile.store %o4, %red4 : tensor<2x!tile.ptr<i64>>
  %red5 = tile.reduce(%x) axis = 1 : tensor<2x64xi64> -> tensor<2xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.minui %p, %q : i64
    tile.yield %s : i64
  }
  %o5 = tile.addptr %o4, %c2 : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  tile.store %o5, %red5 : tensor<2x!tile.ptr<i64>>
  %red6 = tile.reduce(%x) axis = 1 : tensor<2x64xi64> -> tensor<2xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.andi %p, %q : i64
    tile.yield %s : i64
  }
  %o6 = tile.addptr %o5, %c2 : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  tile.store %o6, %red6 : tensor<2x!tile.ptr<i64>>
  %red7 = tile.reduce(%x) axis = 1 : tensor<2x64xi64> -> tensor<2xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.ori %p, %q : i64
    tile.yield %s : i64
  }
  %o7 = tile.addptr %o6, %c2 : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  tile.store %o7, %red7 : tensor<2x!tile.ptr<i64>>
  %red8 = tile.reduce(%x) axis = 1 : tensor<2x64xi64> -> tensor<2xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.xori %p, %q : i64
    tile.yield %s : i64
  }
  %o8 = tile.addptr %o7, %c2 : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  tile.store %o8, %red8 : tensor<2x!tile.ptr<i64>>
  %sum0 = tile.reduce(%x) axis = 0 : tensor<2x64xi64> -> tensor<64xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.addi %p, %q : i64
    tile.yield %s : i64
  }
  %cb = tile.splat %cols : tensor<64x!tile.ptr<i64>>
  %cp = tile.addptr %cb, %r64 : tensor<64x!tile.ptr<i64>>, tensor<64xi32>
  tile.store %cp, %sum0 : tensor<64x!tile.ptr<i64>>
  %scan = tile.scan(%x) axis = 1 : tensor<2x64xi64> -> tensor<2x64xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.addi %p, %q : i64
    tile.yield %s : i64
  }
  %rscan = tile.scan(%x) axis = 1 reverse : tensor<2x64xi64> -> tensor<2x64xi64> {
  ^bb0(%p: i64, %q: i64):
    %s = arith.maxsi %p, %q : i64
    tile.yield %s : i64
  }
  %sf = tile.reshape %scan : tensor<2x64xi64> -> tensor<128xi64>
  %rf = tile.reshape %rscan : tensor<2x64xi64> -> tensor<128xi64>
  %sb = tile.splat %scans : tensor<128x!tile.ptr<i64>>
  %sp = tile.addptr %sb, %i : tensor<128x!tile.ptr<i64>>, tensor<128xi32>
  tile.store %sp, %sf : tensor<128x!tile.ptr<i64>>
  %c128 = arith.constant dense<128> : tensor<128xi32>
  %sp2 = tile.addptr %sp, %c128 : tensor<128x!tile.ptr<i64>>, tensor<128xi32>
  tile.store %sp2, %rf : tensor<128x!tile.ptr<i64>>
  tile.return
}
