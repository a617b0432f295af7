// Writes assets/common-passwords.txt: well-known leaked passwords plus the predictable variants people
// build from common words (word + year, word + 123, capitalised, leetspeak, keyboard walks).
// Run: npx tsx scripts/generate-common-passwords.ts   (the output is committed; nothing is downloaded)
import fs from 'node:fs';
import path from 'node:path';

const WELL_KNOWN = `123456 123456789 12345678 password qwerty123 qwerty 1234567890 1234567 111111 123123 abc123 password1
1q2w3e4r 1q2w3e4r5t qwertyuiop 000000 iloveyou 654321 666666 987654321 123321 7777777 121212 112233 555555 dragon
monkey letmein football baseball welcome welcome1 admin admin123 administrator login master hello freedom whatever
qazwsx trustno1 sunshine princess starwars shadow superman batman michael jennifer jordan23 harley hunter2 hunter
ranger buster soccer hockey killer george charlie andrew michelle jessica pepper daniel access 696969 mustang
thomas robert matthew jordan asshole fuckyou fuckme pussy cheese computer corvette yankees ginger taylor summer
passw0rd p@ssw0rd p@ssword pa55word pass1234 password123 password12 password! password1! Password1 Password123
Password1! Passw0rd! Welcome1! Welcome123 changeme changeme123 secret secret123 default guest guest123 root toor
test test123 testing testtest temp123 temppass letmein1 letmein123 iloveyou1 iloveyou2 loveyou lovely loveme
zaq12wsx zaq1zaq1 1qaz2wsx 1qazxsw2 qweasdzxc asdfghjkl asdfgh zxcvbnm zxcvbnm1 qwertyui qwer1234 asdf1234
1234qwer 123qwe 123qweasd qwe123 q1w2e3r4 q1w2e3r4t5 a1b2c3d4 aa123456 abc12345 abcd1234 abcdefg abcdefgh
11111111 22222222 88888888 99999999 00000000 12341234 11223344 12121212 13131313 87654321 98765432 123454321
1234554321 147258369 159753 159357 147258 741852963 789456123 456789 123654 102030 101010 202020 112211
football1 baseball1 superman1 batman123 princess1 sunshine1 shadow123 monkey123 dragon123 master123 hello123
michael1 charlie1 jordan123 maggie ashley bailey jasmine nicole daniel1 anthony andrea amanda joshua tigger
purple orange yellow silver diamond banana cookie chocolate chicken pokemon naruto minecraft fortnite roblox
liverpool chelsea arsenal barcelona realmadrid juventus manutd manchester everton tottenham
whatever1 nothing trustme blahblah asdasd qwerty1 qwerty12 qwerty1234 q1w2e3 zxcvbn 1q2w3e 1q2w3e4r5t6y
samsung iphone apple google microsoft windows linux ubuntu oracle cisco router internet computer1 laptop
office365 office2019 outlook sharepoint teams backup backup123 cloud cloud123 server server123 database
portal portal123 portal2024 portal2025 portal2026 company company123 business summer2024 winter2024 spring2024
autumn2024 summer2025 winter2025 spring2025 autumn2025 summer2026 winter2026 spring2026 autumn2026`;

const WORDS = `password passw0rd pass admin administrator root user guest login welcome hello letmein secret
qwerty asdf zxcv master super superman batman spiderman ironman starwars pokemon dragon monkey tiger lion eagle
shadow sunshine princess angel baby babygirl babyboy love lover iloveyou friend friends family mother father
mommy daddy sister brother buster bailey charlie max molly lucky rocky teddy daisy bella coco ginger pepper
oliver jack harry george thomas william james john michael david robert daniel joseph andrew matthew joshua
anthony christopher richard charles mark paul steven kevin brian jason justin ryan eric adam peter jordan
taylor jessica jennifer ashley amanda sarah emily hannah samantha elizabeth michelle nicole melissa stephanie
rachel lauren megan heather amber olivia sophia emma ava isabella mia chloe grace lily anna maria laura
football soccer baseball basketball hockey tennis golf rugby cricket chelsea arsenal liverpool barcelona
madrid united city rangers celtic yankees lakers cowboys eagles steelers patriots packers bulls
summer winter spring autumn january february march april may june july august september october november
december monday friday sunday weekend holiday christmas easter halloween birthday
orange purple yellow silver golden diamond crystal rainbow flower garden forest ocean river mountain
sunset sunrise thunder lightning storm winter freedom liberty justice matrix phoenix falcon hunter ranger
killer ninja samurai warrior knight wizard magic mystery secret1 access computer internet google apple
samsung nokia microsoft windows office office365 outlook server network system security backup cloud
company business manager account finance support service portal banking money dollar cash bitcoin crypto
chocolate cookie cheese pizza burger coffee banana cherry peanut butter honey sugar candy cupcake
music guitar piano rock metal jazz disco party dance happy smile funny crazy cool awesome sweet pretty
london paris berlin madrid rome tokyo newyork chicago boston dallas texas florida california canada
america england ireland scotland germany france italy spain australia india brazil mexico
jesus christ god angel heaven blessed faith church prayer trinity
mustang corvette ferrari porsche harley yamaha honda toyota nissan mercedes bmw audi volvo
naruto minecraft fortnite roblox zelda mario sonic pikachu matrix hacker gamer player
welcome1 changeme default temp test testing demo sample example qazwsx trustno1 whatever nothing`;

const SUFFIXES = ['', '1', '12', '123', '1234', '12345', '123456', '!', '1!', '123!', '01', '007', '69', '99', '2000',
  '2010', '2015', '2018', '2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026', '@123', '#1', '_123', '.123'];

const LEET: Record<string, string> = { a: '@', o: '0', e: '3', i: '1', s: '$' };

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const leet = (word: string) => word.replace(/[aoeis]/g, (c) => LEET[c]);

const out = new Set<string>();
const add = (value: string) => {
  const v = value.trim();
  if (v) out.add(v.toLowerCase());
};

for (const item of WELL_KNOWN.split(/\s+/)) add(item);
for (const word of WORDS.split(/\s+/).filter(Boolean)) {
  for (const suffix of SUFFIXES) {
    add(word + suffix);
    add(capitalise(word) + suffix);
    add(leet(word) + suffix);
  }
}
// Keyboard walks and repeated characters.
const walks = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890', '0987654321', 'qazwsxedc', '1qaz2wsx3edc', 'zaq12wsxcde3'];
for (const walk of walks) for (let len = 6; len <= walk.length; len += 1) add(walk.slice(0, len));
for (const ch of 'abcdefghijklmnopqrstuvwxyz0123456789') for (let len = 6; len <= 20; len += 1) add(ch.repeat(len));
for (let year = 1950; year <= 2030; year += 1) {
  add(`password${year}`);
  add(`welcome${year}`);
  add(`summer${year}`);
  add(`${year}${year}`);
}
// Dates people use: ddmmyyyy for the first of each month across common birth years.
for (let year = 1960; year <= 2010; year += 1) for (let month = 1; month <= 12; month += 1) add(`01${String(month).padStart(2, '0')}${year}`);

const file = path.resolve(__dirname, '../assets/common-passwords.txt');
fs.writeFileSync(file, `${[...out].sort().join('\n')}\n`);
console.log(`${out.size} passwords written to ${file}`);
