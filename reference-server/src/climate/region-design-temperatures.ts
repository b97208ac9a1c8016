/**
 * Open substitute for the design outdoor temperatures of DIN/TS 12831-1 (national annex table
 * per postal code). That table is licensed and not published, so this file gives one value per
 * two-digit postal region instead. The values are our own estimates in degrees C, written for the
 * reference server of the conformance kit, not normative data; do not use them to size a real
 * heating system. Replace this file (and nothing else) when a licensed table is available.
 *
 * How the values were chosen:
 * - The two points the domain notes publish are reproduced exactly: Berlin 10178 -11.2 C (so all
 *   Berlin regions 10 to 13 carry -11.2) and Muenchen 80939 -12.9 C (regions 80 and 81).
 * - The rest follows the well-known pattern of the older DIN EN 12831 Bbl. 1 city values, shifted
 *   by about +3 K as the 2020 TS values are milder: North and Baltic Sea coast around -10, lower
 *   Rhine and Upper Rhine valley -8.4 to -9.4, continental east and the uplands colder, and the
 *   Alpine foothills, Erzgebirge, Fichtelgebirge and Bavarian Forest coldest (down to -15.6).
 * - A region mixing valley and upland (e.g. 79 Freiburg with the High Black Forest) gets a value
 *   between the two, weighted toward where most of its addresses are.
 *
 * Regions 00, 05, 43 and 62 have no existing postal codes and therefore no entry.
 */
export const REGION_DESIGN_TEMPERATURES: ReadonlyMap<string, number> = new Map([
  ['01', -12.5], // Dresden, Meissen, Saxon Switzerland
  ['02', -14.0], // Bautzen, Goerlitz, Zittau: Upper Lusatia, continental
  ['03', -12.5], // Cottbus, Spreewald
  ['04', -12.0], // Leipzig, Torgau
  ['06', -11.8], // Halle, Dessau, Merseburg: lee of the Harz
  ['07', -13.0], // Gera, Jena, Saalfeld: eastern Thuringia uplands
  ['08', -14.5], // Zwickau, Plauen, Aue: Vogtland, western Erzgebirge
  ['09', -15.5], // Chemnitz, Annaberg, Marienberg: Erzgebirge
  ['10', -11.2], // Berlin (published point 10178)
  ['11', -11.2], // Berlin large-customer codes
  ['12', -11.2], // Berlin south and east
  ['13', -11.2], // Berlin north and west
  ['14', -11.5], // Potsdam, Brandenburg an der Havel
  ['15', -12.5], // Frankfurt (Oder), Fuerstenwalde: eastern Brandenburg
  ['16', -12.5], // Oranienburg, Eberswalde, Uckermark
  ['17', -11.5], // Neubrandenburg, Greifswald, Usedom
  ['18', -10.0], // Rostock, Stralsund, Ruegen: Baltic coast
  ['19', -11.5], // Schwerin, Ludwigslust
  ['20', -10.0], // Hamburg centre
  ['21', -10.5], // Hamburg-Harburg, Lueneburg, Stade
  ['22', -10.0], // Hamburg north and east, Pinneberg
  ['23', -10.0], // Luebeck, Eastern Holstein: Baltic coast
  ['24', -9.8], // Kiel, Flensburg, Rendsburg
  ['25', -9.5], // Husum, Heide, Elmshorn: North Sea coast
  ['26', -9.5], // Oldenburg, East Frisia, Wilhelmshaven: North Sea coast
  ['27', -9.8], // Bremerhaven, Cuxhaven, Verden
  ['28', -10.2], // Bremen
  ['29', -12.0], // Celle, Uelzen: Lueneburg Heath, continental
  ['30', -11.0], // Hannover
  ['31', -11.3], // Hildesheim, Hameln, Nienburg
  ['32', -10.8], // Herford, Minden, Bad Oeynhausen
  ['33', -11.0], // Bielefeld, Guetersloh, Paderborn
  ['34', -12.0], // Kassel, Waldeck
  ['35', -11.8], // Giessen, Marburg, Wetzlar
  ['36', -13.2], // Fulda, Bad Hersfeld: Rhoen
  ['37', -12.5], // Goettingen, Osterode: western Harz edge
  ['38', -12.3], // Braunschweig, Wolfsburg, Goslar, Upper Harz
  ['39', -11.6], // Magdeburg, Stendal
  ['40', -8.6], // Duesseldorf: lower Rhine valley
  ['41', -8.8], // Moenchengladbach, Neuss
  ['42', -10.0], // Wuppertal, Solingen: Bergisches Land
  ['44', -9.2], // Dortmund, Bochum
  ['45', -9.0], // Essen, Gelsenkirchen, Recklinghausen
  ['46', -9.2], // Oberhausen, Bottrop, Wesel, Borken
  ['47', -8.8], // Duisburg, Krefeld, Kleve: lower Rhine
  ['48', -10.2], // Muenster, Rheine
  ['49', -10.5], // Osnabrueck, Emsland
  ['50', -8.4], // Cologne: mildest inland region
  ['51', -9.6], // Leverkusen, Bergisch Gladbach, Gummersbach
  ['52', -9.4], // Aachen, Dueren, northern Eifel
  ['53', -9.2], // Bonn, Siegburg, Ahrweiler
  ['54', -10.5], // Trier, Eifel, Mosel
  ['55', -9.8], // Mainz, Bad Kreuznach, Hunsrueck edge
  ['56', -10.8], // Koblenz, Westerwald, Hunsrueck
  ['57', -12.0], // Siegen, Olpe: Siegerland uplands
  ['58', -11.2], // Hagen, Iserlohn, Luedenscheid: Sauerland edge
  ['59', -11.0], // Hamm, Soest, Arnsberg, Meschede
  ['60', -9.8], // Frankfurt am Main
  ['61', -11.0], // Bad Homburg, Friedberg: Taunus, Wetterau
  ['63', -10.8], // Offenbach, Hanau, Aschaffenburg, Spessart
  ['64', -10.2], // Darmstadt, Odenwald
  ['65', -9.8], // Wiesbaden, Rheingau
  ['66', -10.5], // Saarbruecken, Saarland, Pirmasens
  ['67', -9.4], // Ludwigshafen, Worms, Palatinate
  ['68', -8.9], // Mannheim: Upper Rhine valley
  ['69', -9.1], // Heidelberg, Bergstrasse
  ['70', -10.4], // Stuttgart: Neckar basin
  ['71', -10.8], // Boeblingen, Ludwigsburg, Waiblingen
  ['72', -12.8], // Reutlingen, Tuebingen, Freudenstadt: Swabian Jura, Black Forest
  ['73', -12.6], // Esslingen, Goeppingen, Aalen: eastern Swabian Jura
  ['74', -11.4], // Heilbronn, Schwaebisch Hall, Mosbach
  ['75', -11.2], // Pforzheim, Calw
  ['76', -9.0], // Karlsruhe, Baden-Baden, Landau: Upper Rhine valley
  ['77', -9.2], // Offenburg, Kehl: Upper Rhine valley
  ['78', -14.0], // Villingen-Schwenningen, Tuttlingen, Konstanz: Baar, cold basin
  ['79', -11.0], // Freiburg, Loerrach: Rhine valley and High Black Forest
  ['80', -12.9], // Muenchen (published point 80939)
  ['81', -12.9], // Muenchen south and east
  ['82', -14.2], // Starnberg, Weilheim, Garmisch-Partenkirchen: Alpine foothills
  ['83', -14.5], // Rosenheim, Traunstein, Berchtesgaden: Alpine
  ['84', -14.0], // Landshut, Altoetting, Dingolfing
  ['85', -13.6], // Ingolstadt, Freising, Erding, Dachau
  ['86', -13.6], // Augsburg, Donauwoerth, Kaufbeuren
  ['87', -14.6], // Kempten, Memmingen: Allgaeu
  ['88', -12.5], // Ravensburg, Friedrichshafen, Sigmaringen: Lake Constance, Upper Swabia
  ['89', -13.4], // Ulm, Neu-Ulm, Heidenheim
  ['90', -12.6], // Nuernberg, Fuerth
  ['91', -13.2], // Erlangen, Ansbach, Forchheim
  ['92', -14.5], // Amberg, Weiden, Schwandorf: Upper Palatinate
  ['93', -14.0], // Regensburg, Cham, Kelheim
  ['94', -15.5], // Passau, Deggendorf, Zwiesel: Bavarian Forest
  ['95', -15.6], // Hof, Bayreuth, Marktredwitz: Fichtelgebirge
  ['96', -13.8], // Bamberg, Coburg, Kronach: Franconian Forest
  ['97', -12.4], // Wuerzburg, Schweinfurt, Bad Kissingen
  ['98', -14.6], // Suhl, Meiningen, Ilmenau: Thuringian Forest
  ['99', -12.8], // Erfurt, Weimar, Eisenach, Nordhausen
]);

/**
 * Existing postal codes that legitimately have no design temperature: offshore islands whose
 * climate differs from their mainland region and for which no open value exists. The domain
 * notes name Borkum and Helgoland; the other East Frisian islands share the reason. Other islands
 * (e.g. Sylt, Fehmarn, Ruegen) keep their region value until a licensed table says otherwise.
 */
export const CODES_WITHOUT_CLIMATE_DATA: ReadonlySet<string> = new Set([
  '26757', // Borkum
  '26571', // Juist
  '26548', // Norderney
  '26579', // Baltrum
  '26465', // Langeoog
  '26474', // Spiekeroog
  '26486', // Wangerooge
  '27498', // Helgoland
]);
