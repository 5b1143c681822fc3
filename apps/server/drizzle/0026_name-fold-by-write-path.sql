-- The folded name (search, 0018) is no longer a generated column. The write path folds each name
-- it writes in TypeScript (@bh/shared foldForSearch, the same table foldedSql is built from), and
-- this trigger folds it in SQL only for a writer that changes the name without it (the
-- anonymisation, hand-written SQL). As a generated column PostgreSQL ran translate() over the
-- fold's ~900 characters for every row written: about 50 us a row on PGlite, a seventh of a synced
-- traveller's whole write (scripts/bench-apply.mjs). The stored values stay as they are.
ALTER TABLE "travelers" ALTER COLUMN "name_folded" DROP EXPRESSION;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "travelers_fold_name"() RETURNS trigger LANGUAGE plpgsql AS $fold$
BEGIN
  NEW.name_folded := translate(NEW.full_name, ' abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĂăĐđĨĩŨũƠơƯưẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹĀāĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŊŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƢƤƦƧƩƬƮƱƲƳƵƷƸƼǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǢǣǤǦǧǨǩǪǫǬǭǮǯǰǴǵǶǷǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȞȟȠȢȤȦȧȨȩȪȫȬȭȮȯȰȱȲȳȺȻȽȾɁɃɄɅɆɈɊɌɎḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẞỺỼỾΆ·ΈΉΊΌΎΏΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫάέήίΰϊϋόύώЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯѐёѓїќѝў０１２３４５６７８９ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶｦｧｨｩｪｫｬｭｮｯｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜﾝ̴̵̶̷̸̡̢̧̨̛̖̗̘̙̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌̕̚ͅ͏͓͔͕͖͙͚͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡', ' abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzaaaaaaæceeeeiiiiðnoooooouuuuyþaaaaaaceeeeiiiinoooooouuuuyyaaddiiuuoouuaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyyaaaaccccccccddeeeeeeeeeegggggggghhhhiiiiiiiijjkkllllllllnnnnnnŋooooooœrrrrrrssssssssttttŧuuuuuuuuuuwwyyyzzzzzzsɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵƣƥʀƨʃƭʈʊʋƴƶʒƹƽaaiioouuuuuuuuuuaaaaææǥggkkooooʒʒjggƕƿnnaaææøøaaaaeeeeiiiioooorrrruuuussttȝhhƞȣȥaaeeooooooooyyⱥȼƚⱦɂƀʉʌɇɉɋɍɏaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwysßỻỽỿα·εηιουωιαβγδεζηθικλμνξοπρστυφχψωιυαεηιυιυουωееђгєѕііјљњћкиуџабвгдежзииклмнопрстуфхцчшщъыьэюяеегікиу0123456789abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖをぁぃぅぇぉゃゅょっあいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわん');
  RETURN NEW;
END
$fold$;--> statement-breakpoint
CREATE TRIGGER "travelers_fold_name_insert" BEFORE INSERT ON "travelers" FOR EACH ROW
  WHEN (NEW.name_folded IS NULL) EXECUTE FUNCTION "travelers_fold_name"();--> statement-breakpoint
CREATE TRIGGER "travelers_fold_name_update" BEFORE UPDATE OF "full_name" ON "travelers" FOR EACH ROW
  WHEN (NEW.full_name IS DISTINCT FROM OLD.full_name AND NEW.name_folded IS NOT DISTINCT FROM OLD.name_folded)
  EXECUTE FUNCTION "travelers_fold_name"();
