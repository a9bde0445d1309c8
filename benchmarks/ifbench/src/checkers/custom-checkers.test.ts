import { describe } from 'vitest';
import { type CheckerCase, expectCases } from './case-table.test-helper.js';
import { customInstructions } from './custom-checkers.js';

// Each row was written from reading the reference checker at 8a66c06 and its expected value
// confirmed by running that checker under CPython 3.11.
const cases: readonly CheckerCase[] = [
  ['custom:multiples', {}, '14, 21, 28, 35, 42, 49', true],
  ['custom:multiples', {}, '14,21,28,35,42,49', true],
  ['custom:multiples', {}, '7, 14, 21, 28, 35, 42, 49', false],
  ['custom:multiples', {}, 'Multiples: 14 21 28 35 42 49.', true],
  [
    'custom:mcq_count_length',
    {},
    'Question 1: Who?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 2: Who art?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 3: Who made art?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 4) Who made this art?\na) a\nb) b\nc) c\nd) d\ne) e',
    true,
  ],
  [
    'custom:mcq_count_length',
    {},
    'Here you go:\nQuestion 1: Who?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 2: Who art?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 3: Who made art?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 4) Who made this art?\na) a\nb) b\nc) c\nd) d\ne) e',
    false,
  ],
  [
    'custom:mcq_count_length',
    {},
    'Question 1: Who?\nA. a\nB. b\nC. c\nD. d\nQuestion 2: Who art?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 3: Who made art?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 4) Who made this art?\na) a\nb) b\nc) c\nd) d\ne) e',
    false,
  ],
  [
    'custom:mcq_count_length',
    {},
    'Question 1: Who?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 2: Who art?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 3: Who made art?\nA. a\nB. b\nC. c\nD. d\nE. e\nQuestion 4) Hm?\na) a\nb) b\nc) c\nd) d\ne) e',
    false,
  ],
  ['custom:mcq_count_length', {}, 'Q', false],
  [
    'custom:reverse_newline',
    {},
    'Zimbabwe\nZambia\nUganda\nTunisia\nTogo\nTanzania\nSudan\nSouth Sudan\nSouth Africa\nSomalia\nSierra Leone\nSeychelles\nSenegal\nSão Tomé and Príncipe\nRwanda\nNigeria\nNiger\nNamibia\nMozambique\nMorocco\nMauritius\nMauritania\nMali\nMalawi\nMadagascar\nLibya\nLiberia\nLesotho\nKenya\nIvory Coast\nGuinea-Bissau\nGuinea\nGhana\nGambia\nGabon\nEthiopia\nEswatini\nEritrea\nEquatorial Guinea\nEgypt\nDjibouti\nDR Congo\nCongo\nComoros\nChad\nCentral African Republic\nCape Verde\nCameroon\nBurundi\nBurkina Faso\nBotswana\nBenin\nAngola\nAlgeria',
    true,
  ],
  [
    'custom:reverse_newline',
    {},
    'Here:\n1. Zimbabwe\n2. Zambia\n3. Uganda\n4. Tunisia\n5. Togo\n6. Tanzania\n7. Sudan\n8. South Sudan\n9. South Africa\n10. Somalia\n11. Sierra Leone\n12. Seychelles\n13. Senegal\n14. São Tomé and Príncipe\n15. Rwanda\n16. Nigeria\n17. Niger\n18. Namibia\n19. Mozambique\n20. Morocco\n21. Mauritius\n22. Mauritania\n23. Mali\n24. Malawi\n25. Madagascar\n26. Libya\n27. Liberia\n28. Lesotho\n29. Kenya\n30. Ivory Coast\n31. Guinea-Bissau\n32. Guinea\n33. Ghana\n34. Gambia\n35. Gabon\n36. Ethiopia\n37. Eswatini\n38. Eritrea\n39. Equatorial Guinea\n40. Egypt\n41. Djibouti\n42. DR Congo\n43. Congo\n44. Comoros\n45. Chad\n46. Central African Republic\n47. Cape Verde\n48. Cameroon\n49. Burundi\n50. Burkina Faso\n51. Botswana\n52. Benin\n53. Angola\n54. Algeria',
    false,
  ],
  [
    'custom:reverse_newline',
    {},
    'Zimbabwe\nZambia\nUganda\nTunisia\nTogo\nTanzania\nSudan\nSouth Sudan\nSouth Africa\nSomalia\nSierra Leone\nSeychelles\nSenegal\nSão Tomé and Príncipe\nRwanda\nNigeria\nNiger\nNamibia\nMozambique\nMorocco\nMauritius\nMauritania\nMali\nMalawi\nMadagascar\nLibya\nLiberia\nLesotho\nKenya\nIvory Coast\nGuinea-Bissau\nGuinea\nGhana\nGambia\nGabon\nEthiopia\nEswatini\nEritrea\nEquatorial Guinea\nEgypt',
    false,
  ],
  [
    'custom:reverse_newline',
    {},
    'Zimbabwe\nZambia\nUganda\nTunisia\nTogo\nTanzania\nSudan\nSouth Sudan\nSouth Africa\nSomalia\nSierra Leone\nSeychelles\nSenegal\nSão Tomé and Príncipe\nRwanda\nNigeria\nNiger\nNamibia\nMozambique\nMorocco\nMauritania\nMauritius\nMali\nMalawi\nMadagascar\nLibya\nLiberia\nLesotho\nKenya\nIvory Coast\nGuinea-Bissau\nGuinea\nGhana\nGambia\nGabon\nEthiopia\nEswatini\nEritrea\nEquatorial Guinea\nEgypt\nDjibouti\nDR Congo\nCongo\nComoros\nChad\nCentral African Republic\nCape Verde\nCameroon\nBurundi\nBurkina Faso\nBotswana\nBenin\nAngola\nAlgeria',
    false,
  ],
  [
    'custom:reverse_newline',
    {},
    'Zambia\nUganda\nTunisia\nTogo\nTanzania\nSudan\nSouth Sudan\nSouth Africa\nSomalia\nSierra Leone\nSeychelles\nSenegal\nSão Tomé and Príncipe\nRwanda\nNigeria\nNiger\nNamibia\nMozambique\nMorocco\nMauritius\nMauritania\nMali\nMalawi\nMadagascar\nLibya\nLiberia\nLesotho\nKenya\nIvory Coast\nGuinea-Bissau\nGuinea\nGhana\nGambia\nGabon\nEthiopia\nEswatini\nEritrea\nEquatorial Guinea\nEgypt\nDjibouti\nDR Congo\nCongo\nComoros\nChad\nCentral African Republic\nCape Verde\nCameroon\nBurundi\nBurkina Faso\nBotswana\nBenin\nAngola\nAlgeria',
    false,
  ],
  ['custom:word_reverse', {}, 'Eagle bald the is it.', true],
  ['custom:word_reverse', {}, 'It is the bald eagle.', false],
  ['custom:word_reverse', {}, 'eagle bald', true],
  ['custom:character_reverse', {}, '.elgae dlab ehT', true],
  ['custom:character_reverse', {}, 'The bald eagle.', false],
  [
    'custom:sentence_alphabet',
    {},
    'Ax word. Bx word. Cx word. Dx word. Ex word. Fx word. Gx word. Hx word. Ix word. Jx word. Kx word. Lx word. Mx word. Nx word. Ox word. Px word. Qx word. Rx word. Sx word. Tx word. Ux word. Vx word. Wx word. Xx word. Yx word. Zx word.',
    true,
  ],
  [
    'custom:sentence_alphabet',
    {},
    'Ax word. Bx word. Cx word. Dx word. Ex word. Fx word. Gx word. Hx word. Ix word. Jx word. Kx word. Lx word. Mx word. Nx word. Ox word. Px word. Qx word. Rx word. Sx word. Tx word. Ux word. Vx word. Wx word. Xx word. Yx word.',
    false,
  ],
  [
    'custom:sentence_alphabet',
    {},
    'Bx word. Cx word. Dx word. Ex word. Fx word. Gx word. Hx word. Ix word. Jx word. Kx word. Lx word. Mx word. Nx word. Ox word. Px word. Qx word. Rx word. Sx word. Tx word. Ux word. Vx word. Wx word. Xx word. Yx word. Zx word. Ax word.',
    false,
  ],
  [
    'custom:european_capitals_sort',
    {},
    'Reykjavik, Helsinki, Oslo, Tallinn, Stockholm, Riga, Moscow, Copenhagen, Vilnius, Minsk, Dublin, Berlin, Amsterdam, Warsaw, London, Brussels, Prague, Luxembourg, Paris, Vienna, Bratislava, Budapest, Vaduz, Chișinău, Bern, Ljubljana, Zagreb',
    true,
  ],
  [
    'custom:european_capitals_sort',
    {},
    'Reykjavik, Helsinki, Tallinn, Oslo, Stockholm, Riga, Moscow, Copenhagen, Vilnius, Minsk, Dublin, Berlin, Amsterdam, Warsaw, London, Brussels, Prague, Luxembourg, Paris, Vienna, Bratislava, Budapest, Vaduz, Chișinău, Bern, Ljubljana, Zagreb',
    false,
  ],
  [
    'custom:european_capitals_sort',
    {},
    'Reykjavik, Helsinki, Oslo, Tallinn, Stockholm, Riga, Moscow, Copenhagen, Vilnius, Minsk, Dublin, Berlin, Amsterdam, Warsaw, London, Brussels, Prague, Luxembourg, Paris, Vienna, Bratislava, Budapest, Vaduz, Chișinău, Bern, Ljubljana, Zagreb, ',
    true,
  ],
  [
    'custom:european_capitals_sort',
    {},
    'Reykjavik, Helsinki, Oslo, Tallinn, Stockholm, Riga, Moscow, Copenhagen, Vilnius, Minsk, Dublin, Berlin, Amsterdam, Warsaw, London, Brussels, Prague, Luxembourg, Paris, Vienna, Bratislava, Budapest, Vaduz, Chișinău, Bern, Ljubljana, Zagreb, Rome',
    false,
  ],
  [
    'custom:csv_city',
    {},
    'ID,Country,City,Year,Count\n1,France,Paris,2020,1\n2,France,Paris,2020,2\n3,France,Paris,2020,3\n4,France,Paris,2020,4\n5,France,Paris,2020,5\n6,France,Paris,2020,6\n7,France,Paris,2020,7',
    true,
  ],
  [
    'custom:csv_city',
    {},
    'ID,Country,City,Year,Count\n1,France,Paris,2020,1\n2,France,Paris,2020,2\n3,France,Paris,2020,3\n4,France,Paris,2020,4\n5,France,Paris,2020,5\n6,France,Paris,2020,6\n7,France,Paris,2020,7\n',
    true,
  ],
  [
    'custom:csv_city',
    {},
    'ID,Country,City,Year,Count\n1,France,Paris,2020,1\n2,France,Paris,2020,2\n3,France,Paris,2020,3\n4,France,Paris,2020,4\n5,France,Paris,2020,5\n6,France,Paris,2020,6\n7,France,Paris,2020,7\n\n',
    false,
  ],
  [
    'custom:csv_city',
    {},
    '"ID",Country,City,Year,Count\n1,France,Paris,2020,1\n2,France,Paris,2020,2\n3,France,Paris,2020,3\n4,France,Paris,2020,4\n5,France,Paris,2020,5\n6,France,Paris,2020,6\n7,France,Paris,2020,7',
    true,
  ],
  [
    'custom:csv_city',
    {},
    'ID, Country,City,Year,Count\n1,France,Paris,2020,1\n2,France,Paris,2020,2\n3,France,Paris,2020,3\n4,France,Paris,2020,4\n5,France,Paris,2020,5\n6,France,Paris,2020,6\n7,France,Paris,2020,7',
    false,
  ],
  [
    'custom:csv_city',
    {},
    'ID,Country,City,Year,Count\n1,France,Paris,2020,1\n2,France,Paris,2020,2\n3,"France, EU",Paris,2020,3\n4,France,Paris,2020,4\n5,France,Paris,2020,5\n6,France,Paris,2020,6\n7,France,Paris,2020,7',
    true,
  ],
  [
    'custom:csv_city',
    {},
    'ID,Country,City,Year,Count\n1,France,Paris,2020,1\n2,France,Paris,2020,2\n3,France\rX,Paris,2020,3\n4,France,Paris,2020,4\n5,France,Paris,2020,5\n6,France,Paris,2020,6\n7,France,Paris,2020,7',
    'raises',
  ],
  [
    'custom:csv_special_character',
    {},
    'ProductID, "Category", Brand, Price, Stock\n1,Food,Acme,1.5,1\n2,Food,Acme,1.5,2\n3,Food,Acme,1.5,3\n4,Food,Acme,1.5,4\n5,Food,Acme,1.5,5\n6,Food,Acme,1.5,6\n7,Food,Acme,1.5,7\n8,Food,Acme,1.5,8\n9,Food,Acme,1.5,9\n10,Food,Acme,1.5,10\n11,Food,Acme,1.5,11\n12,Food,Acme,1.5,12\n13,Food,Acme,1.5,13\n14,Food,"Acme & Co",2,3',
    true,
  ],
  [
    'custom:csv_special_character',
    {},
    'ProductID,Category,Brand,Price,Stock\n1,Food,Acme,1.5,1\n2,Food,Acme,1.5,2\n3,Food,Acme,1.5,3\n4,Food,Acme,1.5,4\n5,Food,Acme,1.5,5\n6,Food,Acme,1.5,6\n7,Food,Acme,1.5,7\n8,Food,Acme,1.5,8\n9,Food,Acme,1.5,9\n10,Food,Acme,1.5,10\n11,Food,Acme,1.5,11\n12,Food,Acme,1.5,12\n13,Food,Acme,1.5,13\n14,Food,Acme,1.5,14',
    false,
  ],
  [
    'custom:csv_special_character',
    {},
    'ProductID;Category, Brand, Price, Stock\n1,Food,Acme,1.5,1\n2,Food,Acme,1.5,2\n3,Food,Acme,1.5,3\n4,Food,Acme,1.5,4\n5,Food,Acme,1.5,5\n6,Food,Acme,1.5,6\n7,Food,Acme,1.5,7\n8,Food,Acme,1.5,8\n9,Food,Acme,1.5,9\n10,Food,Acme,1.5,10\n11,Food,Acme,1.5,11\n12,Food,Acme,1.5,12\n13,Food,Acme,1.5,13\n14,Food,"Acme & Co",2,3',
    false,
  ],
  [
    'custom:csv_special_character',
    {},
    'ProductID, "Category", Brand, Price, Stock\n1,Food,Acme,1.5,1\n2,Food,Acme,1.5,2\n3,Food,Acme,1.5,3\n4,Food,Acme,1.5,4\n\n5,Food,Acme,1.5,5\n6,Food,Acme,1.5,6\n7,Food,Acme,1.5,7\n8,Food,Acme,1.5,8\n9,Food,Acme,1.5,9\n10,Food,Acme,1.5,10\n11,Food,Acme,1.5,11\n12,Food,Acme,1.5,12\n13,Food,Acme,1.5,13\n14,Food,"Acme & Co",2,3',
    false,
  ],
  [
    'custom:csv_quotes',
    {},
    '"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"\n"1"\t"Math"\t"A"\t"Fall"\t"91"\n"2"\t"Math"\t"A"\t"Fall"\t"92"\n"3"\t"Math"\t"A"\t"Fall"\t"93"',
    true,
  ],
  [
    'custom:csv_quotes',
    {},
    '"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"\n"1"\tMath\t"A"\t"Fall"\t"91"\n"2"\tMath\t"A"\t"Fall"\t"92"\n"3"\tMath\t"A"\t"Fall"\t"93"',
    false,
  ],
  [
    'custom:csv_quotes',
    {},
    '"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"\n"1"\t""\t"A"\t"Fall"\t"91"\n"2"\t""\t"A"\t"Fall"\t"92"\n"3"\t""\t"A"\t"Fall"\t"93"',
    true,
  ],
  [
    'custom:csv_quotes',
    {},
    '"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"\n"1"\t \t"A"\t"Fall"\t"91"\n"2"\t \t"A"\t"Fall"\t"92"\n"3"\t \t"A"\t"Fall"\t"93"',
    'raises',
  ],
  [
    'custom:csv_quotes',
    {},
    '"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"\n"1"\t"Math"\t"A"\t"Fall"\t"91"\n"2"\t"Math"\t"A"\t"Fall"\t"92"\n"3"\t"Math"\t"A"\t"Fall"\t"93"\n"4"\t"Math"\t"A"\t"Fall"\t"94"',
    false,
  ],
  ['custom:date_format_list', {}, '1796-04-12, 1805-12-02, 1815-06-18', true],
  ['custom:date_format_list', {}, '1796-04-12, 1825-12-02', false],
  ['custom:date_format_list', {}, '1796-02-30', false],
  ['custom:date_format_list', {}, '1796-00-00, 1800-04-31', false],
  ['custom:date_format_list', {}, '1796-00-00, 1800-02-29', true],
  ['custom:date_format_list', {}, '12 April 1796', false],
  ['custom:date_format_list', {}, '١٧٩٦-٠٤-١٢', true],
];

describe('custom checkers', () => {
  expectCases(customInstructions, cases);
});
