/**
 * Demo content for a fresh install: an invented dark fantasy series, "The Cinderwake Cycle",
 * by an invented author. Everything here (names, world, music, artists) is original.
 *
 * Excerpts and posts are Markdown: blank lines between paragraphs, *italics*, a heading, a quote, a scene
 * break, a footnote.
 */
import type { BookInput, EditionInput } from '../../src/domain/books.schema.js';
import type { SeriesInput } from '../../src/domain/series.schema.js';
import type { ExcerptInput } from '../../src/domain/excerpts.schema.js';
import type { BlogPostInput } from '../../src/domain/blog.schema.js';
import type { ArtPieceInput } from '../../src/domain/art.schema.js';
import type { PlaylistInput } from '../../src/domain/playlists.schema.js';

/** Images the site's own pages show from /demo/ (the home hero, the author's portrait): never copied to uploads. */
export const SITE_IMAGE_FILES: string[] = ['hero.svg', 'author-portrait.svg'];

export const SERIES_NAME = 'The Cinderwake Cycle';
export const AUTHOR_NAME = 'Delphine Rook';

/**
 * The demo content's images live in public/demo/; the seed copies each to DATA_DIR/uploads and refers to it
 * as /objects/<file name>, like the author's own uploads.
 */
export const DEMO_IMAGE_FILES: string[] = [
  'cover-ashwarden.svg',
  'cover-tallow-king.svg',
  'cover-lantern-for-the-drowned.svg',
  'cover-unkindled-throne.svg',
  'blog-preorders-open.svg',
  'blog-newsletter-chapter.svg',
  'blog-building-the-ember-seat.svg',
  'blog-lantern-tour.svg',
  'blog-scoring-the-marshes.svg',
  'blog-rites-of-the-dead.svg',
  'blog-official-soundtrack.svg',
  'art-ember-seat.svg',
  'art-sabine-orle.svg',
  'art-map-of-aurhald.svg',
  'art-arms-of-house-thrane.svg',
  'art-vesperhold-at-dusk.svg',
  'art-tallow-king.svg',
  'art-lisk-under-water.svg',
  'art-burned-prince.svg',
];

/** Markdown blocks (paragraphs, headings, quotes, scene breaks, footnotes), a blank line between each. */
const markdown = (...blocks: string[]): string => blocks.join('\n\n');

// ---------------------------------------------------------------------------------------------
// Books
// ---------------------------------------------------------------------------------------------

export const demoSeries: SeriesInput = {
  name: SERIES_NAME,
  description:
    'Four books of fire and succession: for nine hundred years the Wake beneath Vesperhold has judged the kings of Aurhald, until the night it goes dark.',
  readingOrderNote:
    'New to the series? Read the books in publication order, beginning with The Ashwarden: each book opens where the last one closes, and the later excerpts assume you have walked the whole road.',
};

/** A book of the demo series; `seriesNumber` is its number in demoSeries. */
export type DemoBook = Omit<BookInput, 'coverImage' | 'seriesId'> & {
  key: string;
  coverFile: string;
  seriesNumber: number;
};

/** Shop search pages for an ISBN: plausible links that need no real listing. */
const printShops = (isbn: string) => [
  { url: `https://bookshop.org/search?keywords=${isbn}` },
  { url: `https://www.barnesandnoble.com/s/${isbn}` },
  { url: `https://www.waterstones.com/books/search/term/${isbn}` },
];
const ebookShops = (isbn: string) => [
  { url: `https://www.kobo.com/search?query=${isbn}` },
  { url: `https://books.apple.com/us/search?term=${isbn}` },
  { url: `https://play.google.com/store/search?q=${isbn}&c=books` },
];
const audiobookShops = (title: string) => [
  { url: `https://www.audible.com/search?keywords=${encodeURIComponent(title)}` },
];
const amazonFor = (title: string) => [{ url: `https://www.amazon.com/s?k=${encodeURIComponent(title)}&i=stripbooks` }];

/** The ISBNs below are invented, each with its correct ISBN-13 check digit. */
function editionsOf(
  title: string,
  editions: {
    hardcover?: [string, string, number, string];
    paperback?: [string, string, number, string];
    ebook?: [string, string, string];
    audiobook?: [string, string, string, string];
  },
): EditionInput[] {
  const list: EditionInput[] = [];
  if (editions.hardcover) {
    const [isbn, price, pageCount, releaseDate] = editions.hardcover;
    list.push({ format: 'hardcover', isbn, price, pageCount, releaseDate, links: printShops(isbn) });
  }
  if (editions.paperback) {
    const [isbn, price, pageCount, releaseDate] = editions.paperback;
    list.push({ format: 'paperback', isbn, price, pageCount, releaseDate, links: printShops(isbn) });
  }
  if (editions.ebook) {
    const [isbn, price, releaseDate] = editions.ebook;
    list.push({ format: 'ebook', isbn, price, releaseDate, links: ebookShops(isbn) });
  }
  if (editions.audiobook) {
    const [isbn, price, audioLength, releaseDate] = editions.audiobook;
    list.push({ format: 'audiobook', isbn, price, audioLength, releaseDate, links: audiobookShops(title) });
  }
  return list;
}

export const demoBooks: DemoBook[] = [
  {
    key: 'ashwarden',
    coverFile: 'cover-ashwarden.svg',
    title: 'The Ashwarden',
    description:
      'For nine hundred years the fire beneath Vesperhold has judged the kings of Aurhald, and for eleven of them Sabine Orle has carried the royal dead down to it. On the night she burns King Aldric, the fire goes dark, and a court with no way to test its heir begins, quietly, to sharpen its knives. Sabine knows the dead far better than the living; she is about to learn how little difference there is.',
    status: 'published',
    price: '$18.99',
    order: 1,
    seriesNumber: 1,
    slug: 'the-ashwarden',
    editions: editionsOf('The Ashwarden', {
      hardcover: ['9781917110006', '$27.99', 432, '2024-10-15'],
      paperback: ['9781917120005', '$18.99', 448, '2025-09-09'],
      ebook: ['9781917130004', '$9.99', '2024-10-15'],
      audiobook: ['9781917140003', '$24.99', '14 h 20 min', '2024-10-15'],
    }),
    retailerLinks: amazonFor('The Ashwarden'),
  },
  {
    key: 'tallow-king',
    coverFile: 'cover-tallow-king.svg',
    title: 'The Tallow King',
    description:
      'With the Ember Seat cold, the Queen Regent crowns a chandler’s boy from the Tallow Quarter and names him the old king’s son. Hunted for what she found beneath the chapterhouse, Sabine must choose between the prince who fled south and the frightened child on a throne that no longer burns. Every candle in the city is lit for the new king, and not one of them is warm.',
    status: 'published',
    price: '$18.99',
    order: 2,
    seriesNumber: 2,
    slug: 'the-tallow-king',
    editions: editionsOf('The Tallow King', {
      hardcover: ['9781917210003', '$28.99', 496, '2025-10-14'],
      paperback: ['9781917220002', '$18.99', 512, '2026-09-08'],
      ebook: ['9781917230001', '$10.99', '2025-10-14'],
      audiobook: ['9781917240000', '$25.99', '16 h 5 min', '2025-10-14'],
    }),
    retailerLinks: amazonFor('The Tallow King'),
  },
  {
    key: 'lantern-for-the-drowned',
    coverFile: 'cover-lantern-for-the-drowned.svg',
    title: 'A Lantern for the Drowned',
    description:
      'South of the kingdom the land gives way to salt, and beneath the salt lies Lisk, the drowned city where the first Ashwardens learned to speak with fire. Sabine goes down into the marsh with a stolen lantern and a grief she cannot set down, searching for what the Wake truly is, and what it has been fed. Some thrones are inherited; some are paid for.',
    status: 'preorder',
    price: '$27.99',
    order: 3,
    seriesNumber: 3,
    slug: 'a-lantern-for-the-drowned',
    editions: editionsOf('A Lantern for the Drowned', {
      hardcover: ['9781917310000', '$27.99', 528, '2027-03-02'],
      ebook: ['9781917330008', '$12.99', '2027-03-02'],
      audiobook: ['9781917340007', '$26.99', '17 h 40 min', '2027-03-02'],
    }),
    retailerLinks: amazonFor('A Lantern for the Drowned'),
  },
  {
    key: 'unkindled-throne',
    coverFile: 'cover-unkindled-throne.svg',
    title: 'The Unkindled Throne',
    description:
      'The final book of The Cinderwake Cycle. When the fire returns to Vesperhold for the last time, it will not ask who has the better claim. It will ask who is willing to burn.',
    status: 'coming-soon',
    price: null,
    order: 4,
    seriesNumber: 4,
    slug: 'the-unkindled-throne',
  },
];

// ---------------------------------------------------------------------------------------------
// Excerpts
// ---------------------------------------------------------------------------------------------

export type DemoExcerpt = Omit<ExcerptInput, 'bookId'> & { bookKey: string };

export const demoExcerpts: DemoExcerpt[] = [
  {
    bookKey: 'ashwarden',
    title: 'The Burning of Kings',
    description:
      'The opening pages of The Ashwarden: a king is carried down to the fire, and the fire does not answer.',
    spoilerLevel: 'none',
    readTime: '3 min read',
    content: markdown(
      'The dead king was lighter than she had expected. Sabine Orle had carried eleven of the royal dead down the Long Stair[^stair] in eleven years, and every one of them had been heavier than their portraits promised: the weight of rings, of oils, of the stiff brocade the court insisted upon even for the fire. Aldric the Fourth came down to her wrapped in plain linen, as he had asked, and she felt the shape of his shoulder against her own like the shoulder of a tired friend.',
      'Behind her came the court, in the order the Rite prescribed. The Queen first, veiled in grey. Then the Lord Marshal, his boots too loud on the stone. Then the priests of the Banked Flame with their shuttered lanterns, and after them the lesser lords, who whispered until the heat of the stair stole their breath and then did not whisper at all.',
      'The Wake had burned beneath Vesperhold for nine hundred years. It was not a hearth and it was not a forge; the first Ashwardens had refused to call it anything but what it did. It lay in a cleft of black rock at the foot of the stair, a river of light so slow it seemed to be thinking, and above it, pinned to the basalt with iron older than any name, stood the Ember Seat. Every monarch of Aurhald had sat in that chair with their predecessor’s ashes in their lap. Every one of them had waited to learn whether the iron would stay cool.',
      'Sabine laid the king on the lip of the cleft and knelt to unwind the linen from his face. This part she did alone. She had always thought the dead looked surprised, as though they had been interrupted in the middle of a sentence, but Aldric looked only patient. She closed his mouth with two fingers. She said the words the Wardens said, which were not prayers, only the names of everyone he had been: *son, husband, father, king.* Then she put her palms against his side and let him go.',
      'He slid into the light without a sound.',
      'She had watched the Wake take kings before. It rose to meet them. It folded over them like a hand closing on a coin, and for a moment the whole cavern flushed the colour of a held breath; then the light settled, and the Warden went down with her long-handled spoon to gather what remained. That was the Rite. She knew every step of it the way she knew the scar across her own thumb.',
      'The Wake *did not rise.* It dimmed, the way a room dims when someone stands in the doorway, and then it went out.',
      '***',
      'In the dark behind her she heard the Queen begin to laugh, or to weep. In the years that followed Sabine was never able to decide which, and she never found the courage to ask.',
      '[^stair]: Four hundred and twelve steps, cut by the first Ashwardens. No two are the same height, so that no one descends them without thinking of the fire.',
    ),
  },
  {
    bookKey: 'ashwarden',
    title: 'What the Iron Remembers',
    description:
      'The night before he is meant to sit the cold throne, Prince Teodor shows the Ashwarden what the Ember Seat once did to him.',
    spoilerLevel: 'minor',
    readTime: '2 min read',
    content: markdown(
      'The throne hall was cold for the first time in living memory, and the court had not yet learned how to dress for it. Sabine found the prince alone at the foot of the Long Stair, in a coat too thin for the dark, with his hands folded inside his sleeves like a novice at prayer.',
      '“They want me to sit it,” Teodor said, without turning. “Tomorrow, at the second bell. Mother says the fire is only sleeping, and a true king will wake it.” He said mother the way other men said weather: a thing that happened to him, and would go on happening.',
      '“And the Marshal?”',
      '“The Marshal says a cold chair is a chair like any other, and the man who holds the Watch holds the hall.” He turned then, and she saw how young he was beneath the absence of a crown; twenty-two, and already possessed of the particular stillness of men who have been looked at all their lives. “What do the Wardens say, Ashwarden?”',
      'She could have given him the old answer, that the Wardens served the dead and kept no opinions about the living. Instead she said, “The Wardens say the Wake has never gone out. So no one knows what it does when it comes back.”',
      'For a while he said nothing. The Seat stood above the dark cleft like a bird on a dead branch. Then he drew his hands out of his sleeves and held them out to her, palms up, into the light of her lantern.',
      'The scars were old and had healed badly, a glossy webbing across both palms that pulled his fingers a little inward, as though he were forever about to close them on something. She knew burns. She had spent her life among them. These had the shape of armrests.',
      '“I was nine,” he said. “My father wanted to know. So did I.” He put his hands away. “It was not sleeping then, Sabine. It knew exactly what I was.”',
    ),
  },
  {
    bookKey: 'ashwarden',
    title: 'Salt',
    description:
      'Beneath the chapterhouse of the Banked Flame, Sabine finds what she carried down the Long Stair, and what she did not.',
    spoilerLevel: 'major',
    readTime: '3 min read',
    content: markdown(
      'The chapterhouse of the Banked Flame kept its salt below the kitchens, in long vaults cut before the city had a name. Sabine went down with the lantern shuttered to a slit and counted the steps the way she had been taught to count the Long Stair, because counting kept her hands from shaking: forty, forty-one, the turn, the smell.',
      'It was not the smell of the dead. She would have welcomed that. It was dry and mineral, a white smell, the kind that settles at the back of the throat and stays there.',
      'The vault was full of sacks stacked to the ceiling, and between the sacks someone had left a narrow aisle, and at the end of the aisle someone had built a bier out of salt. It had been packed hard, the way the marsh-folk pack herring for the winter. A shape lay in it. She knew the shape before she let the light out. She had carried it down the Long Stair eleven days ago; or she had carried something of the same length, wrapped in linen, that had lain in her arms as lightly as a tired friend.',
      'Aldric the Fourth lay with his eyes closed and his hands crossed on his chest, and his mouth had been filled with salt.',
      'She did not cry out. Wardens did not cry out. She set down the lantern and knelt, because there was a rite even for this, and she did not know any other way to be in a room with the dead. Son, she said under her breath. Husband. Father. King. Her voice caught on the last word, because she understood, kneeling there, that she had said those words once already over a stranger. Someone else had gone into the Wake in the king’s linen. Someone the fire had refused.',
      'It was the salt in his mouth she could not stop looking at. Salt for keeping. Salt for killing flame. Every child in Aurhald knew that a fistful of it would smother a fire in a cookpot, and every cook knew that a sackful would smother a great deal more.',
      'Above her, very faintly, a bell began to ring the second hour, and she heard footsteps in the kitchen: unhurried, the footsteps of someone who had every right to be there, and who had come down, as perhaps they came down every night, to make sure that the king was keeping.',
    ),
  },
  {
    bookKey: 'tallow-king',
    title: 'The Chandler’s Boy',
    description:
      'The first chapter of The Tallow King, in which a woman in grey climbs the stairs of a workshop in the Tallow Quarter.',
    spoilerLevel: 'none',
    readTime: '2 min read',
    content: markdown(
      'In the Tallow Quarter the air was thick enough to write your name in. Pell had grown up with the smell of rendering fat in his hair and his shirts and the creases of his knuckles, and he had stopped noticing it the way a fish stops noticing the river. He noticed it now only because the woman in grey had noticed it, and had held a scented glove to her face as she climbed the stairs to his father’s workshop.',
      '“This is the boy?” she said.',
      'His father, who had never in Pell’s memory been silent for longer than a breath, said nothing at all. He was looking at the purse on the table. It was a very small purse, and it sat on the scarred wood with the particular heaviness of gold, and Pell understood, slowly, the way he understood most things, which his father said was the way of the wick and no shame in it, that it had already been paid.',
      'The woman came and stood in front of him. She was the most beautiful person he had ever seen, and she was looking at him the way his father looked over a batch of tapers: for drips, for flaws, for a wick set crooked in the mould. She put two gloved fingers under his chin and turned his face towards the window.',
      '“He has the jaw,” she said, to someone behind her. “We can do something about the hands.”',
      'Pell looked down at his hands. They were a chandler’s hands, red to the wrist and freckled with old burns from the dipping vats, and until that moment he had been a little proud of them.',
      '“What is your name, child?”',
      'He told her. She smiled, not unkindly, and shook her head. “No,” she said. “I don’t think it is.”',
    ),
  },
  {
    bookKey: 'tallow-king',
    title: 'Four Thousand Candles',
    description:
      'Watching from the mourners’ gallery under a borrowed name, Sabine sees a child crowned on a throne that no longer burns.',
    spoilerLevel: 'minor',
    readTime: '2 min read',
    content: markdown(
      'They lit four thousand candles for the crowning, and the throne hall was still cold.',
      'Sabine watched from the mourners’ gallery with a borrowed hood drawn low and a borrowed name ready on her tongue. Below her the court stood in its ranks like a field of dark grain, and every one of them held a taper, and every taper had been made in the Tallow Quarter by men who had been paid, for once, in silver. It was the Queen Regent’s particular genius to make a city complicit by making it comfortable.',
      'The boy came down the Long Stair alone. That was the first thing that was wrong. The Rite said the heir was led by the Ashwarden, with the ashes of the dead carried between them, and there was no Ashwarden: there was a price on the Ashwarden’s head, and a drawing of her face nailed to every chapel door in Vesperhold. There were no ashes either, because the Wake had not made any. So the child walked alone, in white, carrying nothing, and his footsteps were very small on the stone.',
      'She had expected to hate him. She had rehearsed it all along the road back from the river, where she had left Teodor with a stolen horse and a sword he barely knew how to hold. A puppet, she had told herself. A doll in a borrowed crown. But the thing that came down the stair was only a frightened boy who had been told not to look frightened, and who was trying so hard that his whole body shook with it.',
      'He reached the Seat. He looked back once, over his shoulder, up at the Queen, and she nodded, and he climbed into the iron chair that had burned a prince and judged nine hundred years of kings, and sat.',
      'Nothing happened. That was the point. That was what four thousand candles were for: so that no one would look at the dark below, or the cold iron, or the way the new king of Aurhald held his red hands carefully away from the armrests, as if he had been warned.',
    ),
  },
  {
    bookKey: 'lantern-for-the-drowned',
    title: 'The Salt Road',
    description: 'Sabine follows a ferrywoman into the southern marshes, carrying a lantern she has never once lit.',
    spoilerLevel: 'minor',
    readTime: '2 min read',
    content: markdown(
      'South of the Harrow Downs the road forgets it was ever a road. It begins as cobbles, then as packed chalk, then as a causeway of timber laid across the reeds; and somewhere past the last waystone the timber is only a suggestion beneath the water, and you walk on faith and the memory of other people’s feet.',
      'The ferrywoman, Orsa, walked ahead with a pole she never seemed to lean on. She had not asked Sabine’s name, or why a woman from the capital should want to go where no one from the capital had gone in four generations, and Sabine had been grateful for it for the first two days and uneasy about it ever since.',
      '“You carry that like it’s full,” Orsa said on the third evening, nodding at the lantern.',
      'Sabine looked down at it. A Warden’s lantern, brass and horn, taken from the chapterhouse on the night she fled. Its wick had not been lit since. She had carried it across half a kingdom without once asking herself why, except that it had been in her hand when she ran, and she had not been able to set it down.',
      '“It’s empty,” she said.',
      '“Nothing’s empty in the marsh.” Orsa planted her pole and looked out across the flats, where the sun was going down into the salt in long bars of copper and rust. The water gave it back doubled, so that for a moment there were two suns, and a whole drowned sky beneath their feet. “That’s what you inland folk never understand. You think the water covers things up. It doesn’t. It keeps them.”',
      'Far out, where the reeds gave way to open brine, something caught the light: a line of stone, regular as teeth. The top of a wall. Then another, and beyond it the broken point of a spire, furred white with crystal, standing up out of the water like a finger raised for silence.',
      '“Lisk,” said Orsa, and spat into the water, and did not explain why.',
    ),
  },
  {
    bookKey: 'lantern-for-the-drowned',
    title: 'A Prince on the Water',
    description:
      'The opening of A Lantern for the Drowned. Read The Tallow King first: this chapter begins where its final pages end.',
    spoilerLevel: 'major',
    readTime: '2 min read',
    content: markdown(
      'There was no fire in the south fit for a prince, so they burned Teodor on a reed barge in the shallows, the way the marsh-folk burned their own.',
      'Sabine did it herself. There was no one else who knew how. She washed him in brackish water because there was no other kind, and she wrapped him in a sail because there was no linen, and when she came to his hands she stopped for a long time, holding them, tracing with her thumb the glossy webbing the Ember Seat had left across his palms when he was nine years old and had wanted, like his father, to know.',
      'He had known, at the end. That was the thing she could not forgive him. When the news came south, that the Wake had woken in Vesperhold, that it had risen for the chandler’s boy the moment his red hands touched the iron, that the whole city had seen the hall fill with light and gone down on its knees in the snow, Teodor had only nodded, as though he had been waiting thirteen years for someone to tell him. Then he had gone out alone to meet the Marshal’s riders on the causeway, and he had not taken his sword.',
      'Son, she said over the body. Brother, though he had not been hers. Prince. She did not say king. She could not find it in herself to lie to the dead; it was the one discipline she had left.',
      'Orsa pushed the barge out with her pole. The marsh-folk stood along the dykes with their lanterns, not singing, because they did not sing for strangers; but they had come, and Sabine found that she was grateful for that too.',
      'She struck the flint. The reeds took it quickly, and then the sail, and the smoke went up white and straight into the windless evening, and for a moment the whole flat water flushed the colour of a held breath.',
      'Then, far out across the marsh, among the drowned spires of Lisk, a hundred lights she had not lit came on one by one, as if something down there had been waiting for a king, and would settle, if it must, for a prince.',
    ),
  },
];

// ---------------------------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------------------------

export type DemoBlogPost = Omit<BlogPostInput, 'coverImage'> & { coverFile: string; daysAgo: number };

export const demoBlogPosts: DemoBlogPost[] = [
  {
    title: 'Preorders are open for A Lantern for the Drowned',
    summary:
      'The third book of The Cinderwake Cycle arrives this autumn, and you can reserve your copy today in hardcover, paperback or ebook.',
    category: 'announcements',
    coverFile: 'blog-preorders-open.svg',
    daysAgo: 2,
    content: markdown(
      'It is strange to write these words after two years in the marsh with Sabine: *A Lantern for the Drowned* is finished, and preorders are open today.',
      'Book three takes us south, out of Vesperhold and its cold throne hall, into the salt country where the first Ashwardens came from. It is the quietest book in the series so far and, I think, the most frightening. There is a drowned city in it. There are lights under the water that no one has lit.',
      '## What a preorder brings',
      'You can preorder the hardcover, paperback or ebook from the [Books page](/books). Every preorder placed before publication day will receive a signed bookplate and a printed map of the southern marshes, drawn for the endpapers by Halden Pike.',
      'If you have not yet finished The Tallow King, a gentle warning: the opening chapter in the Excerpts section is marked with major spoilers for a reason. Read the books in order if you can. They were written to be carried that way.',
      '> Thank you, as ever, for waiting. The lantern is nearly lit.',
    ),
  },
  {
    title: 'A lost chapter for newsletter subscribers',
    summary:
      'This Friday, subscribers will receive The Marshal’s Ledger, a chapter cut from The Ashwarden and the only one in the series told from Ansel Graive’s point of view.',
    category: 'announcements',
    coverFile: 'blog-newsletter-chapter.svg',
    daysAgo: 9,
    content: markdown(
      'Every few months I send newsletter subscribers something that does not exist anywhere else. This Friday it is a chapter I cut from The Ashwarden in the very last draft: the only chapter in the series told from the Lord Marshal’s point of view.',
      'It is called The Marshal’s Ledger, and it takes place on the night the Wake goes out. Ansel Graive sits up until dawn doing sums: how many men in the Iron Watch, how many days of grain in the city, how many lords he can afford to lose before spring. It was cut because it told readers too much, too early. Two books later, I think you have earned it.',
      'If you are already subscribed there is nothing to do; it will arrive in your inbox on Friday morning. If you are not, you can sign up at the bottom of any page on this site. I write rarely, and I never share your address.',
      'A small note: the chapter is spoiler-free for anyone who has finished The Ashwarden, but it will make a great deal more sense if you have.',
    ),
  },
  {
    title: 'Building the Ember Seat',
    summary: 'How a chair became the most important character in the series, and why I needed it to be cold.',
    category: 'behind-scenes',
    coverFile: 'blog-building-the-ember-seat.svg',
    daysAgo: 16,
    content: markdown(
      'People sometimes ask who the protagonist of The Cinderwake Cycle is. The honest answer is Sabine. The truthful answer is a chair.',
      'The Ember Seat began as a single image that arrived long before any of the people did: an iron throne above a crack in the earth, and a fire underneath that decides. I did not know who sat in it. I did not know what the fire wanted. I only knew that the most frightening thing it could do was nothing at all.',
      'Everything else in the first book grew out of that silence. If the throne cannot choose, someone else has to, and everyone in Vesperhold has a different idea of who that should be. The Queen wants continuity. The Marshal wants order. The priests want a miracle. Sabine, who has spent her life among the dead, mostly wants everyone to stop lying about them.',
      'I drew the Seat dozens of times before I wrote a word of it. Those sketches are how I learned that it has no cushion, that the armrests are worn bright where nine hundred years of hands have gripped them, and that it is pinned to the rock with iron bolts the width of a child’s wrist. Ansa Morrow’s painting in the gallery is the closest anyone has come to the chair in my head.',
      'It is still my favourite thing I have made. It is also, I suspect, the least trustworthy.',
    ),
  },
  {
    title: 'Announcing the Lantern Tour',
    summary:
      'Six evenings of readings, questions and candlelight this autumn to celebrate the release of book three, with seats offered to newsletter subscribers first.',
    category: 'announcements',
    coverFile: 'blog-lantern-tour.svg',
    daysAgo: 30,
    content: markdown(
      'When A Lantern for the Drowned comes out this autumn, I will be leaving my desk for six evenings to read from it aloud, which is the most frightening thing I can think of doing that does not involve a throne.',
      'Each evening will have the same shape: a reading from the new book, a longer conversation than is probably wise, and a signing for as long as anyone wants to stay. The independent bookshops hosting us have promised to turn the lights down and light candles instead, and I have agreed on the condition that no one asks me to sit in a chair made of iron.',
      'Full dates and venues go out to newsletter subscribers first, with a short window to reserve seats before they are announced here. Seats are free but limited; most of the rooms are small and old and creak in all the right places.',
      'If you are coming, bring your questions, bring your battered copies of The Ashwarden, and bring a scarf. I am told the marshes are cold this time of year.',
    ),
  },
  {
    title: 'Scoring the salt marshes',
    summary:
      'A first listen to the music written for A Lantern for the Drowned: estuary recordings, a bowed psaltery, and a great deal of water.',
    category: 'soundtracks',
    coverFile: 'blog-scoring-the-marshes.svg',
    daysAgo: 45,
    content: markdown(
      'Book three sounds different from the first two, so its music does too.',
      'Where Vesperhold is stone and brass and bells, the southern marshes are wind in the reeds, the knock of a ferry pole, water moving under a floor. Tomas Hallgrave spent a winter recording estuaries at low tide and built the new pieces on top of those recordings, so that every track has a tide running underneath it if you listen closely.',
      'The centrepiece is A Lantern for the Drowned, a long piece for bowed psaltery and low voices that I asked for in a single sentence: the sound of a city remembering that it used to be dry. Tomas sent it back three weeks later. I did not write for two days afterwards, because I kept listening to it instead.',
      'That piece and its companion, Salt Road, join the end of the official soundtrack today, bringing it to ten tracks. The rest of the marsh music will arrive with the book.',
    ),
  },
  {
    title: 'On writing the rites of the dead',
    summary:
      'Why Sabine says names instead of prayers, and what nine years of restoring fire-damaged books taught me about grief.',
    category: 'behind-scenes',
    coverFile: 'blog-rites-of-the-dead.svg',
    daysAgo: 60,
    content: markdown(
      'Before I wrote novels I spent nine years restoring damaged books: water, mostly, and sometimes fire. I learned that a burnt page is not always a lost page. Ink made with iron can survive heat that paper cannot, and under the right light you can sometimes read the words on a leaf of pure ash.',
      'That is where the Ashwardens come from. Not the fire, which is the part everyone remembers, but the patience: the slow, unglamorous work of handling what is left after the worst has happened, and handling it well.',
      'When I came to write Sabine’s rite, I knew it could not be a prayer. Prayers ask for something. The Wardens ask for nothing; they only name. Son, husband, father, king: every role the dead person held, said aloud, once, so that someone has said it. It is the smallest possible act of witness, and it turned out to be the spine of the whole series.',
      'Readers sometimes write to tell me they have spoken those words at real funerals. I never know quite what to say to those letters, except that I am honoured, and that Sabine would be too, though she would never tell you so.',
    ),
  },
  {
    title: 'Listening to Vesperhold: the official soundtrack',
    summary:
      'Eight pieces of music to read The Cinderwake Cycle by, composed and gathered for the series and now collected in a single playlist.',
    category: 'soundtracks',
    coverFile: 'blog-official-soundtrack.svg',
    daysAgo: 90,
    content: markdown(
      'I cannot write to music with words in it. I have tried; the lyrics get into the prose like smoke into curtains. But I cannot write in silence either, and over two books and most of a third I have gathered a small, strange library of instrumental pieces that sound to me like Vesperhold.',
      'This week, with the help of the composers Isaura Venn and Tomas Hallgrave, that library becomes the official soundtrack of the series. You will find it on the Art & Music page, with the full track list and a link to listen.',
      'Some of it was written for the books. The Long Stair is a single cello line that descends for six minutes and never quite arrives; Isaura wrote it after reading the first chapter of The Ashwarden, and I have listened to it more times than I would like to admit. Other pieces were simply there when I needed them, and have been playing in my study ever since.',
      'The order is deliberate. Played from start to finish, it follows the first book from the burning of a king to the salt vaults beneath the chapterhouse. Put it on, turn the lights down, and read something dark.',
    ),
  },
];

// ---------------------------------------------------------------------------------------------
// Gallery
// ---------------------------------------------------------------------------------------------

/** `bookKey`: the demo book the piece shows (it appears on that book's page). */
export type DemoArtPiece = Omit<ArtPieceInput, 'imageUrl' | 'bookId'> & { imageFile: string; bookKey?: string };

export const demoArtPieces: DemoArtPiece[] = [
  {
    title: 'The Ember Seat',
    bookKey: 'ashwarden',
    description: 'The iron throne of Aurhald above the Wake, painted as it stood on the night the fire went out.',
    imageFile: 'art-ember-seat.svg',
    artist: 'Ansa Morrow',
    type: 'official',
  },
  {
    title: 'Sabine Orle, Ashwarden',
    bookKey: 'ashwarden',
    description: 'The keeper of the royal dead, with the Warden’s lantern she will carry across half a kingdom.',
    imageFile: 'art-sabine-orle.svg',
    artist: 'Ansa Morrow',
    type: 'official',
  },
  {
    title: 'Map of Aurhald and the Southern Marshes',
    description:
      'The kingdom from the basalt hill of Vesperhold to the drowned spires of Lisk, drawn for the endpapers of the third book.',
    imageFile: 'art-map-of-aurhald.svg',
    artist: 'Halden Pike',
    type: 'official',
  },
  {
    title: 'Arms of House Thrane',
    description:
      'The ember crown on a field of sable, royal sigil of the house that has held the Ember Seat for three centuries.',
    imageFile: 'art-arms-of-house-thrane.svg',
    artist: 'Halden Pike',
    type: 'official',
  },
  {
    title: 'Vesperhold at Dusk',
    description: 'The capital on its black hill, with the last of the light caught in the chapterhouse bell towers.',
    imageFile: 'art-vesperhold-at-dusk.svg',
    artist: 'Iveta Kross',
    type: 'official',
  },
  {
    title: 'The Tallow King',
    bookKey: 'tallow-king',
    description: 'Pell on the night of his crowning, holding a single candle in his red hands.',
    imageFile: 'art-tallow-king.svg',
    artist: 'Noor Ellery',
    type: 'fan',
  },
  {
    title: 'Lisk, Under Water',
    bookKey: 'lantern-for-the-drowned',
    description: 'The drowned city at low tide, lit by lanterns that nobody lit.',
    imageFile: 'art-lisk-under-water.svg',
    artist: 'Corin Madd',
    type: 'fan',
  },
  {
    title: 'The Burned Prince',
    bookKey: 'tallow-king',
    description: '',
    imageFile: 'art-burned-prince.svg',
    artist: 'Wrenna Hale',
    type: 'fan',
  },
];

// ---------------------------------------------------------------------------------------------
// Music
// ---------------------------------------------------------------------------------------------

export const demoPlaylists: PlaylistInput[] = [
  {
    title: `${SERIES_NAME} — Official Soundtrack`,
    description:
      'Music to read by, composed for the series by Isaura Venn and Tomas Hallgrave with the Harrow Consort. Played in order, it follows Sabine from the Long Stair to the drowned city of Lisk.',
    tracks: [
      { title: 'The Long Stair', artist: 'Isaura Venn', duration: '6:12' },
      { title: 'Linen and Iron', artist: 'Isaura Venn', duration: '3:48' },
      { title: 'Vesperhold Bells', artist: 'Tomas Hallgrave', duration: '4:05' },
      { title: 'The Wake Goes Dark', artist: 'Isaura Venn', duration: '5:31' },
      { title: 'What the Iron Remembers', artist: 'Isaura Venn & Tomas Hallgrave', duration: '4:22' },
      { title: 'The Queen in Grey', artist: 'The Harrow Consort', duration: '3:57' },
      { title: 'Tallow Quarter', artist: 'Tomas Hallgrave', duration: '2:54' },
      { title: 'The Salt Vaults', artist: 'The Harrow Consort', duration: '4:40' },
      { title: 'Salt Road', artist: 'Tomas Hallgrave', duration: '5:03' },
      { title: 'A Lantern for the Drowned', artist: 'Tomas Hallgrave', duration: '7:26' },
    ],
    spotifyUrl: 'https://open.spotify.com/playlist/37i9dQZF1DX8Uebhn9wzrS',
    appleMusicUrl: null,
  },
];
