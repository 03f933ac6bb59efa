#include "pokeca/shared/csv.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pokeca {
namespace {

using Fields = std::vector<std::string>;

std::vector<Fields> fields_of(std::string_view text) {
  auto records = parse_csv(text);
  EXPECT_TRUE(records) << (records ? "" : records.error().message);
  std::vector<Fields> out;
  if (records)
    for (auto& r : *records) out.push_back(r.fields);
  return out;
}

}  // namespace

TEST(Csv, PlainFieldsAndRecords) {
  EXPECT_EQ(fields_of("id,name\n1,店A\n2,店B\n"), (std::vector<Fields>{{"id", "name"}, {"1", "店A"}, {"2", "店B"}}));
}

TEST(Csv, LastRecordWithoutLineBreak) {
  EXPECT_EQ(fields_of("a,b\n1,2"), (std::vector<Fields>{{"a", "b"}, {"1", "2"}}));
}

TEST(Csv, CrlfAndLoneCrEndRecords) {
  EXPECT_EQ(fields_of("a,b\r\n1,2\r\n"), (std::vector<Fields>{{"a", "b"}, {"1", "2"}}));
  EXPECT_EQ(fields_of("a,b\r1,2\r"), (std::vector<Fields>{{"a", "b"}, {"1", "2"}}));
}

TEST(Csv, ByteOrderMarkIsSkipped) {
  EXPECT_EQ(fields_of("\xEF\xBB\xBFid,name\n1,x\n"), (std::vector<Fields>{{"id", "name"}, {"1", "x"}}));
}

TEST(Csv, QuotedFieldsHoldCommasQuotesAndLineBreaks) {
  EXPECT_EQ(fields_of("\"a,b\",\"say \"\"hi\"\"\",\"line1\r\nline2\"\n"),
            (std::vector<Fields>{{"a,b", "say \"hi\"", "line1\r\nline2"}}));
}

TEST(Csv, EmptyFieldsQuotedOrNot) {
  EXPECT_EQ(fields_of("a,,\"\",b\n"), (std::vector<Fields>{{"a", "", "", "b"}}));
  EXPECT_EQ(fields_of(",\n"), (std::vector<Fields>{{"", ""}}));
  EXPECT_EQ(fields_of("a,"), (std::vector<Fields>{{"a", ""}}));
}

TEST(Csv, BlankLinesAreNoRecords) {
  EXPECT_EQ(fields_of("\n\na\r\n\r\nb\n\n"), (std::vector<Fields>{{"a"}, {"b"}}));
  EXPECT_TRUE(fields_of("").empty());
  EXPECT_TRUE(fields_of("\xEF\xBB\xBF").empty());
}

TEST(Csv, QuoteInsideAnUnquotedFieldIsKept) {
  EXPECT_EQ(fields_of("12\" 液晶,x\n"), (std::vector<Fields>{{"12\" 液晶", "x"}}));
}

TEST(Csv, SpacesAreData) { EXPECT_EQ(fields_of(" a , b \n"), (std::vector<Fields>{{" a ", " b "}})); }

TEST(Csv, RecordsKnowTheLineTheyStartOn) {
  auto records = parse_csv("h\n\"multi\nline\"\n\nlast\n");
  ASSERT_TRUE(records);
  ASSERT_EQ(records->size(), 3u);
  EXPECT_EQ((*records)[0].line, 1u);
  EXPECT_EQ((*records)[1].line, 2u);
  EXPECT_EQ((*records)[2].line, 5u);
}

TEST(Csv, UnterminatedQuoteNamesItsLine) {
  auto r = parse_csv("a,b\n1,\"never closed\n2,3\n");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ErrorCode::kBadRequest);
  EXPECT_NE(r.error().message.find("2行目"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find("引用符"), std::string::npos);
}

TEST(Csv, TextAfterAClosingQuoteIsAnError) {
  auto r = parse_csv("a\n\"x\"y,z\n");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("2行目"), std::string::npos) << r.error().message;
}

TEST(Csv, FieldAtTheLimitIsReadAndOneByteMoreIsRefused) {
  const std::string at_limit(kMaxCsvFieldBytes, 'x');
  EXPECT_EQ(fields_of(at_limit + "\n").at(0).at(0).size(), kMaxCsvFieldBytes);
  EXPECT_EQ(fields_of("\"" + at_limit + "\"\n").at(0).at(0).size(), kMaxCsvFieldBytes);

  for (const auto& text : {at_limit + "x\n", "\"" + at_limit + "x\"\n", "\"" + at_limit + "\"\"\"\n"}) {
    auto r = parse_csv(text);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("長すぎます"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(std::to_string(kMaxCsvFieldBytes)), std::string::npos);
  }
}

TEST(Csv, ColumnsAtTheLimitAreReadAndOneMoreIsRefused) {
  std::string row(kMaxCsvColumns - 1, ',');  // kMaxCsvColumns empty fields
  EXPECT_EQ(fields_of(row + "\n").at(0).size(), kMaxCsvColumns);
  auto r = parse_csv(row + ",\n");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("列が多すぎます"), std::string::npos) << r.error().message;
  EXPECT_FALSE(parse_csv(row + ","));  // trailing comma at the end of the text
}

TEST(Csv, ReaderStopsAfterAnError) {
  CsvReader reader("ok\n\"bad\n");
  auto first = reader.next();
  ASSERT_TRUE(first && *first);
  EXPECT_FALSE(reader.next());
  auto after = reader.next();
  ASSERT_TRUE(after);
  EXPECT_FALSE(*after);
}

}  // namespace pokeca
