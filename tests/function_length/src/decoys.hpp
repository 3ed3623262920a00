// A fixture of the function length check: long blocks that are not function bodies (a class, a
// namespace, an initializer list, braces in strings and comments), none of which it may refuse.
#pragma once

namespace decoy {

struct alignas(64) LongClass {
  int member_0() const { return 0; }
  int member_1() const { return 1; }
  int member_2() const { return 2; }
  int member_3() const { return 3; }
  int member_4() const { return 4; }
  int member_5() const { return 5; }
  int member_6() const { return 6; }
  int member_7() const { return 7; }
  int member_8() const { return 8; }
  int member_9() const { return 9; }
  int member_10() const { return 10; }
  int member_11() const { return 11; }
  int member_12() const { return 12; }
  int member_13() const { return 13; }
  int member_14() const { return 14; }
  int member_15() const { return 15; }
  int member_16() const { return 16; }
  int member_17() const { return 17; }
  int member_18() const { return 18; }
  int member_19() const { return 19; }
  int member_20() const { return 20; }
  int member_21() const { return 21; }
  int member_22() const { return 22; }
  int member_23() const { return 23; }
  int member_24() const { return 24; }
  int member_25() const { return 25; }
  int member_26() const { return 26; }
  int member_27() const { return 27; }
  int member_28() const { return 28; }
  int member_29() const { return 29; }
  int member_30() const { return 30; }
  int member_31() const { return 31; }
  int member_32() const { return 32; }
  int member_33() const { return 33; }
  int member_34() const { return 34; }
  int member_35() const { return 35; }
  int member_36() const { return 36; }
  int member_37() const { return 37; }
  int member_38() const { return 38; }
  int member_39() const { return 39; }
  int member_40() const { return 40; }
  int member_41() const { return 41; }
  int member_42() const { return 42; }
  int member_43() const { return 43; }
  int member_44() const { return 44; }
  int member_45() const { return 45; }
  int member_46() const { return 46; }
  int member_47() const { return 47; }
  int member_48() const { return 48; }
  int member_49() const { return 49; }
  int member_50() const { return 50; }
  int member_51() const { return 51; }
  int member_52() const { return 52; }
  int member_53() const { return 53; }
  int member_54() const { return 54; }
  int member_55() const { return 55; }
  int member_56() const { return 56; }
  int member_57() const { return 57; }
  int member_58() const { return 58; }
  int member_59() const { return 59; }
  int member_60() const { return 60; }
  int member_61() const { return 61; }
  int member_62() const { return 62; }
  int member_63() const { return 63; }
  int member_64() const { return 64; }
  int member_65() const { return 65; }
  int member_66() const { return 66; }
  int member_67() const { return 67; }
  int member_68() const { return 68; }
  int member_69() const { return 69; }
  int member_70() const { return 70; }
  int member_71() const { return 71; }
  int member_72() const { return 72; }
  int member_73() const { return 73; }
  int member_74() const { return 74; }
  int member_75() const { return 75; }
  int member_76() const { return 76; }
  int member_77() const { return 77; }
  int member_78() const { return 78; }
  int member_79() const { return 79; }
  int member_80() const { return 80; }
  int member_81() const { return 81; }
  int member_82() const { return 82; }
  int member_83() const { return 83; }
  int member_84() const { return 84; }
};

struct Row {
  const char* name;
  int value;
};

// A brace in a comment: {
inline const Row kTable[] = {
    {"row {0", 0},
    {"row {1", 1},
    {"row {2", 2},
    {"row {3", 3},
    {"row {4", 4},
    {"row {5", 5},
    {"row {6", 6},
    {"row {7", 7},
    {"row {8", 8},
    {"row {9", 9},
    {"row {10", 10},
    {"row {11", 11},
    {"row {12", 12},
    {"row {13", 13},
    {"row {14", 14},
    {"row {15", 15},
    {"row {16", 16},
    {"row {17", 17},
    {"row {18", 18},
    {"row {19", 19},
    {"row {20", 20},
    {"row {21", 21},
    {"row {22", 22},
    {"row {23", 23},
    {"row {24", 24},
    {"row {25", 25},
    {"row {26", 26},
    {"row {27", 27},
    {"row {28", 28},
    {"row {29", 29},
    {"row {30", 30},
    {"row {31", 31},
    {"row {32", 32},
    {"row {33", 33},
    {"row {34", 34},
    {"row {35", 35},
    {"row {36", 36},
    {"row {37", 37},
    {"row {38", 38},
    {"row {39", 39},
    {"row {40", 40},
    {"row {41", 41},
    {"row {42", 42},
    {"row {43", 43},
    {"row {44", 44},
    {"row {45", 45},
    {"row {46", 46},
    {"row {47", 47},
    {"row {48", 48},
    {"row {49", 49},
    {"row {50", 50},
    {"row {51", 51},
    {"row {52", 52},
    {"row {53", 53},
    {"row {54", 54},
    {"row {55", 55},
    {"row {56", 56},
    {"row {57", 57},
    {"row {58", 58},
    {"row {59", 59},
    {"row {60", 60},
    {"row {61", 61},
    {"row {62", 62},
    {"row {63", 63},
    {"row {64", 64},
    {"row {65", 65},
    {"row {66", 66},
    {"row {67", 67},
    {"row {68", 68},
    {"row {69", 69},
    {"row {70", 70},
    {"row {71", 71},
    {"row {72", 72},
    {"row {73", 73},
    {"row {74", 74},
    {"row {75", 75},
    {"row {76", 76},
    {"row {77", 77},
    {"row {78", 78},
    {"row {79", 79},
    {"row {80", 80},
    {"row {81", 81},
    {"row {82", 82},
    {"row {83", 83},
    {"row {84", 84},
};

inline int short_function(int x) {
  if (x > 0) {
    return x;  // }
  }
  return 0;
}

}  // namespace decoy
